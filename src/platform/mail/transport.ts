import type { Transporter } from 'nodemailer';
import type { StoredMail } from './store.js';

/** Where mails go when SMTP_URL is set; without it they stay in the embedded mailbox. */
export interface MailTransport {
  /** Resolves once the server accepted the mail; a `PermanentMailError` means it never will. */
  send(mail: StoredMail): Promise<void>;
  close(): void;
}

/**
 * The server refused this mail for good (a 5xx to its recipient or its content): retrying cannot
 * help. `refusesAddress`: the refusal is of the mailbox (a 5xx to RCPT TO, or to DATA with an
 * enhanced code of the address, 5.1.x, or of a disabled mailbox, 5.2.1), so the address is marked
 * undeliverable; a refusal of the content (a 5.7.x spam verdict at DATA) fails this mail alone.
 */
export class PermanentMailError extends Error {
  constructor(
    message: string,
    readonly refusesAddress: boolean,
  ) {
    super(message);
  }
}

/** The refusal, if the server's answer is one for good (a 5xx to RCPT TO or DATA). */
export function permanentRefusal(error: { responseCode?: number; command?: string; message?: string }): PermanentMailError | null {
  const { responseCode, command } = error;
  if (responseCode === undefined || responseCode < 500 || (command !== 'RCPT TO' && command !== 'DATA')) return null;
  const message = error.message ?? '';
  const ofTheMailbox = command === 'RCPT TO' || /\b5\.(1\.\d{1,3}|2\.1)\b/.test(message);
  return new PermanentMailError(`refused by the SMTP server: ${message}`, ofTheMailbox);
}

/** Connections kept open to the SMTP server: about as many as the job runner sends at once. */
const POOL_CONNECTIONS = 5;

/** `smtp://user:password@host:port` (STARTTLS when the server offers it) or `smtps://…` (TLS from the start). */
export function smtpTransport(url: string): MailTransport {
  const parsed = new URL(url);
  // Loaded with the first mail: a server keeping mail in its own mailbox, or sending none, never
  // loads nodemailer (with the webhook sender's undici, ~11 MB of an idle server's memory).
  let transporter: Promise<Transporter> | null = null;
  const connect = async () =>
    (await import('nodemailer')).default.createTransport({
      host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
      // Without a port nodemailer takes 587 (smtp://) or 465 (smtps://).
      ...(parsed.port ? { port: Number(parsed.port) } : {}),
      secure: parsed.protocol === 'smtps:',
      ...(parsed.username ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } } : {}),
      // A silent server must not hold a job for nodemailer's default minutes: the job retries later.
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 60_000,
      // Connections are kept and reused: a new one per mail (TCP, greeting, EHLO, STARTTLS,
      // AUTH) cost more than the mail itself and held the sender to ~10 mails/s per recipient
      // (docs/benchmarks.md, "mail"). Each send still resolves only once the server took that mail.
      pool: true,
      maxConnections: POOL_CONNECTIONS,
    });
  return {
    async send(mail) {
      try {
        await (
          await (transporter ??= connect())
        ).sendMail({
          from: mail.from.name === null ? mail.from.address : { name: mail.from.name, address: mail.from.address },
          to: mail.to.name === null ? mail.to.address : { name: mail.to.name, address: mail.to.address },
          envelope: { from: mail.from.address, to: [mail.to.address] },
          subject: mail.subject,
          messageId: mail.messageId,
          date: mail.createdAt,
          headers: mail.extraHeaders,
          text: mail.text,
          html: mail.html,
        });
      } catch (error) {
        throw permanentRefusal(error as { responseCode?: number; command?: string; message?: string }) ?? error;
      }
    },
    close: () =>
      void transporter?.then(
        (opened) => opened.close(),
        () => {},
      ),
  };
}
