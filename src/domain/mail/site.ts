/**
 * What every mail of the service needs of the site it speaks for: the public address its links
 * start with, and the sender's address (the mail's `From`, and the domain of thread references).
 * Both come from the configuration (`SITE_URL`, `MAIL_FROM`).
 */
export interface MailSite {
  siteUrl: string;
  mailFrom: string;
}
