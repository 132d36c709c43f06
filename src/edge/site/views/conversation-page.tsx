import type { FieldError } from '../../../platform/outcome.js';
import type { VisitorThread } from '../../../domain/leads/visitor-side.js';
import { MESSAGE_MAX } from '../../../domain/leads/lead-input.js';
import { visitorConversationPath } from '../../../domain/leads/links.js';
import { frenchDateTime } from '../../html/format.js';
import { Layout } from '../../html/layout.js';
import { Flash } from '../../html/page-parts.js';
import { ErrorSummary, FieldMessage, fieldState } from './components.js';

/**
 * The visitor's private page of a conversation (docs/decisions.md §16), reached by the link of
 * its mails alone: the listing as the public sees it, the messages oldest first, a reply form
 * and the way to delete it. It names the agency and nothing more: not its e-mail, not its
 * phone, not which of its members (or which CRM key) wrote.
 */

/** Where the page's forms post and its links lead, all under the private address. */
export const deletePath = (token: string) => `${visitorConversationPath(token)}/delete`;

/** What was typed, shown again after a refusal; bounded so a huge post is not echoed whole. */
const shown = (text: string) => text.slice(0, 2 * MESSAGE_MAX);

function ListingBlock({ listing }: { listing: VisitorThread['listing'] }): JSX.Element {
  if (!listing) return <p class="facts">Cette annonce n’est plus en ligne.</p>;
  return (
    <div class="about">
      <p class="about-title">
        {/* The page's Referrer-Policy already keeps the token out of the listing's Referer; this says so twice. */}
        <a href={new URL(listing.url).pathname} rel="noreferrer" safe>
          {listing.title}
        </a>
      </p>
      <p class="facts">
        <span class="price" safe>
          {listing.price}
        </span>{' '}
        · <span safe>{listing.where}</span>
      </p>
    </div>
  );
}

export function ConversationPage({
  thread,
  token,
  reply,
  flash,
}: {
  thread: VisitorThread;
  token: string;
  reply: { text: string; errors: FieldError[] };
  flash: string | null;
}): JSX.Element {
  const title = `Votre conversation avec ${thread.agencyName}`;
  const text = fieldState(reply.errors, 'text');
  return (
    <Layout meta={{ title: reply.errors.length ? `Erreur : ${title}` : title, description: title, noindex: true }}>
      <h1 safe>{title}</h1>
      <Flash text={flash} />
      <section aria-labelledby="annonce">
        <h2 id="annonce" class="sr">
          L’annonce
        </h2>
        <ListingBlock listing={thread.listing} />
      </section>
      <section aria-labelledby="messages">
        <h2 id="messages">Messages</h2>
        <ol class="thread">
          {thread.messages.map((message) => (
            <li class={message.author === 'visitor' ? 'mine' : 'theirs'}>
              <p class="from">
                <strong safe>{message.author === 'visitor' ? 'Vous' : thread.agencyName}</strong>{' '}
                <time datetime={message.createdAt.toISOString()} safe>
                  {`le ${frenchDateTime(message.createdAt)}`}
                </time>
              </p>
              <p class="description" safe>
                {message.text}
              </p>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="repondre" class="reply">
        <h2 id="repondre">Répondre à l’agence</h2>
        <form method="post" action={visitorConversationPath(token)} novalidate>
          <ErrorSummary errors={reply.errors} title="Votre réponse n’est pas partie. Corrigez :" />
          <div>
            <label for="f-text">Votre message</label>
            <textarea id="f-text" name="text" required maxlength={String(MESSAGE_MAX)} {...text.attributes} safe>
              {shown(reply.text)}
            </textarea>
            <FieldMessage field="text" error={text.error} />
          </div>
          <p class="legal">
            Votre message arrive dans l’espace de l’agence. Vous recevrez sa réponse par e-mail, avec un lien vers cette page.
          </p>
          <button type="submit">Envoyer</button>
        </form>
      </section>
      <section aria-labelledby="supprimer">
        <h2 id="supprimer">Supprimer la conversation</h2>
        <p>
          Vous pouvez effacer vos messages et votre numéro de téléphone à tout moment.{' '}
          <a href={deletePath(token)}>Supprimer la conversation</a>
        </p>
      </section>
    </Layout>
  );
}

/** The confirmation step before deleting: a form of one button, and a way back. */
export function DeleteConfirmPage({ thread, token }: { thread: VisitorThread; token: string }): JSX.Element {
  const title = 'Supprimer la conversation ?';
  return (
    <Layout meta={{ title, description: title, noindex: true }}>
      <h1>{title}</h1>
      <p>
        Vos messages avec l’agence <strong safe>{thread.agencyName}</strong> seront effacés, ainsi que votre numéro de téléphone. L’agence
        verra que vous avez supprimé la conversation ; votre nom et votre adresse e-mail restent dans son historique. Vous ne pourrez plus
        lui répondre depuis ce lien.
      </p>
      <form method="post" action={deletePath(token)} class="confirm">
        <button type="submit" class="secondary">
          Supprimer définitivement
        </button>
        <a href={visitorConversationPath(token)}>Annuler et revenir à la conversation</a>
      </form>
    </Layout>
  );
}
