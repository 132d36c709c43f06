import type { Children } from '@kitajs/html';

/**
 * The look of the service's mails (docs/decisions.md §16): French, one column, inline styles
 * (mail clients drop style sheets), no image or script. Each mail's template lives beside the
 * capability that sends it and renders its HTML part in this frame and its text part with
 * `textMail`; values are escaped by the template engine, as on the pages.
 */

export const MAIL_SIGNATURE = 'Annonces immobilières';

export function MailLayout({ title, footer, children }: { title: string; footer: string; children: Children }): string {
  const element = (
    <html lang="fr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title safe>{title}</title>
      </head>
      <body style="margin:0;padding:0;background:#f4f4f2;color:#1d1d1b;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
        <div style="max-width:600px;margin:0 auto;padding:24px 16px">
          <p style="margin:0 0 16px;font-weight:bold;color:#0b5394">{MAIL_SIGNATURE}</p>
          <div style="background:#ffffff;border:1px solid #dddddd;border-radius:6px;padding:20px">{children}</div>
          <p style="margin:16px 0 0;font-size:13px;color:#555555" safe>
            {footer}
          </p>
        </div>
      </body>
    </html>
  );
  if (typeof element !== 'string') throw new TypeError('mails are rendered synchronously');
  return `<!doctype html>\n${element}`;
}

/** The opening of every mail's HTML part: the greeting, then what the mail is about (escaped). */
export const MailGreeting = ({ intro }: { intro: string }) => (
  <>
    <p style="margin:0 0 12px">Bonjour,</p>
    <p style="margin:0 0 16px" safe>
      {intro}
    </p>
  </>
);

/** A button-like link, readable even where the client shows no styles. */
export const MailButton = ({ href, label }: { href: string; label: string }) => (
  <p style="margin:20px 0 4px">
    <a
      href={href}
      style="display:inline-block;background:#0b5394;color:#ffffff;padding:10px 16px;border-radius:4px;text-decoration:none"
      safe
    >
      {label}
    </a>
  </p>
);

/** The text part: paragraphs separated by blank lines, the footer after a rule. */
export function textMail(paragraphs: readonly string[], footer: string): string {
  return `${[...paragraphs, '--', `${MAIL_SIGNATURE} — ${footer}`].join('\n\n')}\n`;
}
