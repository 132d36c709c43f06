import type { Children } from '@kitajs/html';
import { Layout } from '../../html/layout.js';
import { listingPath } from '../../../domain/public-listings/visibility.js';
import type { ListingCard } from '../../../domain/public-listings/model.js';
import { ListingCardView } from './components.js';

/** A page that only says something: errors, the thank-you page. Never indexed. */
function MessagePage({ title, children }: { title: string; children: Children }): JSX.Element {
  return (
    <Layout meta={{ title, description: title, noindex: true }}>
      <h1 safe>{title}</h1>
      {children}
      <p>
        <a href="/listings">Voir les annonces en ligne</a> · <a href="/">Accueil</a>
      </p>
    </Layout>
  );
}

export const NotFoundPage = () => (
  <MessagePage title="Page introuvable">
    <p>
      Aucune page ne se trouve à cette adresse, ou l’annonce n’a jamais été publiée ici. Vérifiez l’adresse, ou cherchez parmi les annonces
      en ligne.
    </p>
  </MessagePage>
);

/** Where a listing that left the site was, and the public ones like it: what its page suggests instead. */
export interface GoneSuggestions {
  similar: ListingCard[];
  /** The search of its city and transaction, and its words (« Appartements à vendre à Lyon »). */
  search: { href: string; label: string } | null;
}

export const GonePage = ({ similar, search }: GoneSuggestions) => (
  <MessagePage title="Cette annonce n’est plus en ligne">
    <p>Le bien a été vendu ou loué, ou l’agence a retiré son annonce. D’autres biens vous attendent peut-être.</p>
    {similar.length ? (
      <section aria-labelledby="semblables">
        <h2 id="semblables">Annonces semblables</h2>
        <ul class="cards">
          {similar.map((card) => (
            <ListingCardView card={card} />
          ))}
        </ul>
      </section>
    ) : (
      ''
    )}
    <p>
      {search ? (
        <a href={search.href} safe>
          {`Voir les ${search.label.charAt(0).toLowerCase()}${search.label.slice(1)}`}
        </a>
      ) : (
        <a href="/listings">Voir toutes les annonces</a>
      )}
    </p>
  </MessagePage>
);

export const ThanksPage = ({ listingTitle, serviceId }: { listingTitle: string; serviceId: string }) => (
  <MessagePage title="Message envoyé">
    <p class="notice ok" role="status">
      Votre message sur l’annonce « <span safe>{listingTitle}</span> » a été transmis à l’agence.
    </p>
    <p>
      Vous allez recevoir un accusé de réception par e-mail, avec un lien privé pour suivre la conversation : vous y lirez la réponse de
      l’agence et pourrez lui répondre.
    </p>
    <p>
      <a href={listingPath(serviceId)}>Revenir à l’annonce</a>
    </p>
  </MessagePage>
);

export const TooManyMessagesPage = ({ minutes }: { minutes: number }) => (
  <MessagePage title="Trop de messages envoyés">
    <p>
      Vous avez envoyé beaucoup de messages en peu de temps. Pour protéger les agences des envois automatiques, réessayez dans {minutes}{' '}
      minute
      {minutes > 1 ? 's' : ''}.
    </p>
  </MessagePage>
);

/** A private link to a conversation the visitor deleted (410): the messages are gone. */
export const ConversationGonePage = () => (
  <MessagePage title="Cette conversation a été supprimée">
    <p>
      Les messages de cette conversation ont été effacés à votre demande. Pour écrire de nouveau à l’agence, utilisez le formulaire de son
      annonce.
    </p>
  </MessagePage>
);

/** Right after the visitor deleted the conversation. */
export const ConversationDeletedPage = () => (
  <MessagePage title="Conversation supprimée">
    <p class="notice ok" role="status">
      La conversation est supprimée : vos messages et votre numéro de téléphone sont effacés.
    </p>
    <p>
      L’agence voit que vous l’avez supprimée ; votre nom et votre adresse e-mail restent dans son historique. Les liens reçus par e-mail ne
      mènent plus à cette conversation.
    </p>
  </MessagePage>
);

/** 400, 413, 415 and 500 pages: a sentence in French for each kind of trouble. */
export const ProblemPage = ({ title, explanation }: { title: string; explanation: string }) => (
  <MessagePage title={title}>
    <p safe>{explanation}</p>
  </MessagePage>
);
