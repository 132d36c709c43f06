import { randomBytes } from 'node:crypto';

/**
 * The one place mail headers are built (docs/decisions.md §16). Whatever a caller passes —
 * a visitor's name in a subject, an address from the database — reaches a header only through
 * here: text loses every line break and control character (a name "Eve\r\nBcc: x@y" stays on
 * its line as "Eve Bcc: x@y"), and an address that is not one plain address is refused. The
 * bodies are the templates' business: their HTML escapes every value.
 */

export class MailHeaderError extends Error {}

export interface MailAddress {
  address: string;
  name: string | null;
}

/** What a capability asks to send; the outbox adds From, Message-ID and Date. */
export interface OutgoingMail {
  to: MailAddress;
  subject: string;
  text: string;
  html: string;
  replyTo?: MailAddress;
  /** Message-IDs of the thread (`<…@…>`), for In-Reply-To and References. */
  inReplyTo?: string;
  references?: readonly string[];
  /**
   * The address that unsubscribes the recipient in one POST (RFC 8058): sent as
   * `List-Unsubscribe: <url>` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
   */
  unsubscribeUrl?: string;
}

/** Headers as stored and sent: every value on one line. */
export interface MailHeaders {
  from: MailAddress;
  to: MailAddress;
  subject: string;
  messageId: string;
  extra: Record<string, string>;
}

const SUBJECT_MAX = 200;
const NAME_MAX = 100;
// One address, no spaces, quotes, angle brackets, commas or control characters: nothing that
// could close the header, add a recipient or start a new line.
const ADDRESS = /^[^\s@<>()[\],;:"\\\p{Cc}]{1,64}@[^\s@<>()[\],;:"\\\p{Cc}]{1,253}$/u;
const MESSAGE_ID = /^<[^\s<>@\p{Cc}]+@[^\s<>@\p{Cc}]+>$/u;
// Printable ASCII without angle brackets, quotes or spaces: nothing that ends `<…>` or the line.
const HEADER_URL = /^https?:\/\/[!#-;=?-~]+$/;

/** Text for a header: line breaks and other control characters become spaces. */
export function headerText(value: string, max = SUBJECT_MAX): string {
  const flat = value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function mailAddress(address: string, name: string | null = null): MailAddress {
  if (!ADDRESS.test(address)) throw new MailHeaderError(`not one plain e-mail address: ${JSON.stringify(address.slice(0, 80))}`);
  const shown = name === null ? '' : headerText(name, NAME_MAX);
  return { address, name: shown === '' ? null : shown };
}

/** `Name <address>` or a bare address, as MAIL_FROM is written. */
export function parseMailAddress(value: string): MailAddress {
  const named = /^(.*)<([^<>]+)>$/.exec(value.trim());
  return named ? mailAddress(named[2]!.trim(), named[1]!.trim().replace(/^"(.*)"$/, '$1')) : mailAddress(value.trim());
}

/** `"Name" <address>` for display; the quoted name escapes its quotes and backslashes. */
export function formatAddress({ address, name }: MailAddress): string {
  return name === null ? address : `"${name.replace(/["\\]/g, (c) => `\\${c}`)}" <${address}>`;
}

/** A fresh Message-ID on the sender's domain, assigned once when the mail is written. */
export function newMessageId(from: MailAddress): string {
  return `<${randomBytes(16).toString('hex')}@${from.address.split('@')[1]}>`;
}

function messageIdOf(value: string): string {
  if (!MESSAGE_ID.test(value)) throw new MailHeaderError(`not a Message-ID: ${JSON.stringify(value.slice(0, 80))}`);
  return value;
}

/** An absolute http(s) address fit for a header between angle brackets. */
function headerUrl(value: string): string {
  if (!HEADER_URL.test(value)) throw new MailHeaderError(`not an absolute http(s) URL: ${JSON.stringify(value.slice(0, 80))}`);
  return value;
}

export function buildHeaders(mail: OutgoingMail, from: MailAddress, messageId: string): MailHeaders {
  const extra: Record<string, string> = {};
  if (mail.replyTo) extra['Reply-To'] = formatAddress(mailAddress(mail.replyTo.address, mail.replyTo.name));
  if (mail.inReplyTo) extra['In-Reply-To'] = messageIdOf(mail.inReplyTo);
  if (mail.references?.length) extra['References'] = mail.references.map(messageIdOf).join(' ');
  if (mail.unsubscribeUrl) {
    extra['List-Unsubscribe'] = `<${headerUrl(mail.unsubscribeUrl)}>`;
    extra['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    from: mailAddress(from.address, from.name),
    to: mailAddress(mail.to.address, mail.to.name),
    subject: headerText(mail.subject),
    messageId: messageIdOf(messageId),
    extra,
  };
}
