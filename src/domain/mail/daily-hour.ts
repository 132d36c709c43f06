/**
 * The hour, in Paris, of the service's daily mails: the agencies' digest of their contacts
 * (docs/decisions.md §16) and the daily alert mails (§18) both go out from 08:00, so a visitor
 * and an agency read the day's news at the same time.
 */
export const DAILY_MAIL_HOUR = 8;
