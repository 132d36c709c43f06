/**
 * Where the alert pages live (docs/decisions.md §18): the form's target, and the pages reached by
 * the private links of alert mails. Mails link to them; routes are declared with them.
 */
export const ALERTS_PATH = '/alerts';

/** The double opt-in: the page that confirms an alert. */
export const alertConfirmPath = (token: string) => `${ALERTS_PATH}/confirm/${token}`;

/** The address's alerts, each with its delete button. */
export const alertManagePath = (token: string) => `${ALERTS_PATH}/manage/${token}`;

/** One POST here deletes the alert the mail was about (RFC 8058); a GET shows the button. */
export const alertUnsubscribePath = (token: string) => `${ALERTS_PATH}/unsubscribe/${token}`;
