import type { LeadMessage, LeadStatus, LeadSummary, LeadThread } from '../../../domain/leads/conversation-model.js';
import { MESSAGE_MAX } from '../../../domain/leads/lead-input.js';
import { PRO_INBOX_PATH, proConversationPath } from '../../../domain/leads/links.js';
import { Csrf, Flash, FormErrors, PostButton, when } from '../../html/page-parts.js';
import { LEAD_STATUS_LABELS } from '../../html/labels.js';
import type { FieldError } from '../../../platform/outcome.js';
import { ProPage, type ProViewer } from './frame.js';

const number = new Intl.NumberFormat('fr-FR');

export interface ConversationView {
  thread: LeadThread;
  /** The listing's public page, while the site shows it. */
  publicLink: string | null;
  blocked: boolean;
  flash: string | null;
  /** A refused reply: its message and the text as typed. */
  reply: { errors: FieldError[]; text: string };
}

/** Who wrote a message, as the agency reads it: the visitor, or which member or key of the agency. */
function authorOf(message: LeadMessage, visitorName: string): string {
  if (message.author === 'visitor') return `${visitorName} (visiteur)`;
  if (message.writtenBy?.kind === 'user') return `Agence, par ${message.writtenBy.label}`;
  if (message.writtenBy?.kind === 'key') return `Agence, par la clé d’API « ${message.writtenBy.label} »`;
  return 'Agence';
}

/**
 * The status and its buttons, one form: "Marquer comme traité" (answered elsewhere, by phone:
 * filed as replied) and "Archiver"; an archived conversation offers "Désarchiver".
 */
function StatusForm({ thread, csrf }: { thread: LeadSummary; csrf: string }): JSX.Element {
  const buttons: Array<[LeadStatus, string]> =
    thread.status === 'archived'
      ? [['read', 'Désarchiver']]
      : thread.status === 'replied'
        ? [['archived', 'Archiver']]
        : [
            ['replied', 'Marquer comme traité'],
            ['archived', 'Archiver'],
          ];
  return (
    <form method="post" action={`${proConversationPath(thread.leadId)}/status`} class="decision">
      <Csrf token={csrf} />
      <div safe>{`Statut : ${LEAD_STATUS_LABELS[thread.status]} · premier message le ${when(thread.receivedAt)}`}</div>
      <div class="actions">
        {buttons.map(([status, label]) => (
          <button type="submit" name="status" value={status} class="secondary" safe>
            {label}
          </button>
        ))}
      </div>
    </form>
  );
}

function ListingAndVisitor({ view, csrf }: { view: ConversationView; csrf: string }): JSX.Element {
  const { thread } = view;
  const path = proConversationPath(thread.leadId);
  return (
    <div class="compare">
      <section aria-labelledby="annonce">
        <h2 id="annonce">Annonce</h2>
        <p safe>{thread.listingTitle}</p>
        <p safe>{`Référence ${thread.externalId}`}</p>
        <p>{view.publicLink ? <a href={view.publicLink}>Voir la page publique</a> : 'L’annonce n’est pas en ligne.'}</p>
      </section>
      <section aria-labelledby="visiteur">
        <h2 id="visiteur">Visiteur</h2>
        <dl class="facts-list">
          <dt>Nom</dt>
          <dd safe>{thread.visitor.name}</dd>
          <dt>E-mail</dt>
          <dd safe>{thread.visitor.email}</dd>
          <dt>Téléphone</dt>
          <dd safe>{thread.visitor.phone ?? '—'}</dd>
        </dl>
        {view.blocked ? (
          <>
            <p>
              <strong>Visiteur bloqué</strong> : ses prochains messages ne vous parviennent pas.
            </p>
            <PostButton csrf={csrf} action={`${path}/unblock`} label="Débloquer" ariaLabel="Débloquer ce visiteur" secondary />
          </>
        ) : (
          <p>
            <a href={`${path}/block`}>Bloquer ce visiteur…</a>
          </p>
        )}
      </section>
    </div>
  );
}

/** The thread, oldest first. */
function Thread({ thread }: { thread: LeadThread }): JSX.Element {
  // A visitor who deletes a conversation erases every message of it, the agency's replies too.
  if (thread.messages.length === 0) return <p>Aucun message : le visiteur a effacé la conversation, réponses de l’agence comprises.</p>;
  return (
    <ol class="queue">
      {thread.messages.map((message) => (
        <li>
          <h3 safe>{authorOf(message, thread.visitor.name)}</h3>
          <p class="muted" safe>
            {when(message.createdAt)}
          </p>
          <p class="description" safe>
            {message.text}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** A plain form: it posts without script, and a refused reply comes back with what was typed. */
function ReplyForm({ view, csrf }: { view: ConversationView; csrf: string }): JSX.Element {
  const error = view.reply.errors.find((e) => e.field === 'text')?.message;
  // As wide as the visitor's reply box on the site: room to write, lines still easy to read.
  return (
    <form method="post" action={proConversationPath(view.thread.leadId)} class="reply" novalidate>
      <Csrf token={csrf} />
      <div>
        <label for="f-text">Votre réponse</label>
        <p class="legal" id="h-text" safe>
          {`${number.format(MESSAGE_MAX)} caractères au plus. Le visiteur la reçoit par e-mail au nom de l’agence ; votre adresse n’y figure pas.`}
        </p>
        <textarea
          id="f-text"
          name="text"
          rows="8"
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? 'e-text h-text' : 'h-text'}
          safe
        >
          {view.reply.text}
        </textarea>
        {error ? (
          <p class="field-error" id="e-text" safe>
            {error}
          </p>
        ) : (
          ''
        )}
      </div>
      <button type="submit">Envoyer la réponse</button>
    </form>
  );
}

/** `/pro/contacts/{leadId}`: the listing, the visitor, the thread and the reply form. */
export function ConversationPage({ viewer, view }: { viewer: ProViewer; view: ConversationView }): JSX.Element {
  const { thread } = view;
  return (
    <ProPage title={`Contact de ${thread.visitor.name}`} section="leads" viewer={viewer}>
      <p>
        <a href={PRO_INBOX_PATH}>← Contacts</a>
      </p>
      <Flash text={view.flash} />
      <FormErrors errors={view.reply.errors} title="La réponse n’a pas été envoyée :" />
      <h1 safe>{thread.visitor.name}</h1>
      <StatusForm thread={thread} csrf={viewer.csrf} />
      {thread.deletedByVisitor ? (
        <p class="notice" role="status" safe>
          {`Conversation supprimée par le visiteur le ${when(thread.deletedByVisitor)} : tous ses messages, les réponses de l’agence comprises, et son téléphone sont effacés, et il ne reçoit plus de réponse.`}
        </p>
      ) : (
        ''
      )}
      <ListingAndVisitor view={view} csrf={viewer.csrf} />
      <h2>Messages</h2>
      <Thread thread={thread} />
      {thread.deletedByVisitor ? (
        <p>Le visiteur a supprimé cette conversation : vous ne pouvez plus lui répondre ici.</p>
      ) : (
        <ReplyForm view={view} csrf={viewer.csrf} />
      )}
    </ProPage>
  );
}

export function BlockConfirmPage({ viewer, thread }: { viewer: ProViewer; thread: LeadSummary }): JSX.Element {
  const path = proConversationPath(thread.leadId);
  return (
    <ProPage title="Bloquer ce visiteur" section="leads" viewer={viewer}>
      <h1 safe>{`Bloquer ${thread.visitor.name} ?`}</h1>
      <p
        safe
      >{`Les prochains messages de ${thread.visitor.email} ne vous parviendront plus : ni dans vos contacts, ni par e-mail, ni par webhook. Le visiteur n’en est pas averti. Cette conversation reste visible ; vous pourrez le débloquer.`}</p>
      <div class="actions">
        <PostButton csrf={viewer.csrf} action={`${path}/block`} label="Bloquer ce visiteur" secondary />
        <a href={path}>Annuler</a>
      </div>
    </ProPage>
  );
}
