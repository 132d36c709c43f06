import { renderDocument } from '../html/render.js';
import {
  ConversationDeletedPage,
  ConversationGonePage,
  GonePage,
  NotFoundPage,
  ProblemPage,
  ThanksPage,
  TooManyMessagesPage,
  type GoneSuggestions,
} from './views/status-pages.js';

/**
 * The site's pages that say something went wrong, rendered to HTML. The HTTP layer shows
 * them to browsers for any path that is not an interface (unknown page, malformed address).
 */
export const notFoundHtml = () => renderDocument(<NotFoundPage />);
export const goneHtml = (suggestions: GoneSuggestions = { similar: [], search: null }) => renderDocument(<GonePage {...suggestions} />);
export const thanksHtml = (listingTitle: string, serviceId: string) =>
  renderDocument(<ThanksPage listingTitle={listingTitle} serviceId={serviceId} />);
export const conversationGoneHtml = () => renderDocument(<ConversationGonePage />);
export const conversationDeletedHtml = () => renderDocument(<ConversationDeletedPage />);
export const tooManyMessagesHtml = (retryAfterSeconds: number) =>
  renderDocument(<TooManyMessagesPage minutes={Math.max(1, Math.ceil(retryAfterSeconds / 60))} />);

const PROBLEMS = {
  400: ['Adresse ou formulaire invalide', 'La demande reçue est mal formée. Revenez à la page précédente et réessayez.'],
  413: [
    'Message trop long',
    'Le formulaire envoyé dépasse la taille acceptée. Raccourcissez votre message (5 000 caractères au plus) et réessayez.',
  ],
  415: ['Formulaire non reconnu', 'Envoyez le formulaire depuis la page de l’annonce ou de la conversation.'],
  500: ['Erreur du site', 'Une erreur nous empêche d’afficher cette page. Réessayez dans quelques instants.'],
} as const;

export type ProblemStatus = keyof typeof PROBLEMS;

export function problemHtml(status: ProblemStatus): string {
  const [title, explanation] = PROBLEMS[status];
  return renderDocument(<ProblemPage title={title} explanation={explanation} />);
}
