import { PARIS_TIME_ZONE } from './paris-day.js';

/**
 * Instants as French readers see them, on France's clock whatever the server's time zone: the
 * dates of pages (through the HTML kit) and of the conversations' spreadsheet export.
 */
const longDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: PARIS_TIME_ZONE });
const longDateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: PARIS_TIME_ZONE });
const shortDateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: PARIS_TIME_ZONE });
// Swedish writes dates as ISO 8601 does, which spreadsheets read as dates in every locale.
const sortableDateTime = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short', timeZone: PARIS_TIME_ZONE });

/** "14 mars 2026". */
export const frenchDate = (at: Date) => longDate.format(at);
/** "14 mars 2026 à 09:05". */
export const frenchDateTime = (at: Date) => longDateTime.format(at);
/** "14/03/2026 09:05". */
export const frenchShortDateTime = (at: Date) => shortDateTime.format(at);
/** "2026-03-14 09:05": the minute in Paris, as a spreadsheet reads it. */
export const sortableParisDateTime = (at: Date) => sortableDateTime.format(at);
