import { Layout } from '../../html/layout.js';
import { when } from '../../html/page-parts.js';
import { formatAddress } from '../../../platform/mail/headers.js';
import type { StoredMail } from '../../../platform/mail/store.js';

/**
 * The embedded mailbox (docs/decisions.md §16): the mails the service would have sent, for
 * whoever runs it without SMTP_URL. A mail's HTML is shown in a sandboxed frame (`srcdoc`,
 * empty `sandbox`): no script of it runs, and it reaches neither this page nor its cookies.
 */

const Nav = () => (
  <nav aria-label="Boîte aux lettres de développement">
    <a href="/dev/mailbox">Boîte aux lettres</a>
    <a href="/">Site public</a>
  </nav>
);

/** Addresses and Message-IDs are long words: they break anywhere rather than widen a phone's page. */
const WRAP = 'overflow-wrap:anywhere';

const meta = (title: string) => ({
  title,
  description: 'Les e-mails gardés par le service quand SMTP_URL n’est pas défini.',
  noindex: true,
});

export function MailboxPage({ mails }: { mails: readonly StoredMail[] }): JSX.Element {
  return (
    <Layout meta={meta('Boîte aux lettres')} nav={<Nav />}>
      <h1>Boîte aux lettres de développement</h1>
      <p>
        Sans <code>SMTP_URL</code>, le service n’envoie aucun e-mail : il les garde ici, les plus récents d’abord. Définissez{' '}
        <code>SMTP_URL</code> pour les envoyer vraiment ; cette page disparaît alors.
      </p>
      {mails.length === 0 ? (
        <p>Aucun e-mail pour l’instant.</p>
      ) : (
        <div class="table-scroll">
          <table class="list">
            <caption safe>{mails.length === 1 ? '1 e-mail' : `${mails.length} e-mails`}</caption>
            <thead>
              <tr>
                <th scope="col">Objet</th>
                <th scope="col">Destinataire</th>
                <th scope="col">Reçu le</th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr>
                  <td>
                    <a href={`/dev/mailbox/${mail.id}`} safe>
                      {mail.subject}
                    </a>
                  </td>
                  <td style={WRAP} safe>
                    {mail.to.address}
                  </td>
                  <td safe>{when(mail.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}

/** The headers as they are sent, one per line. */
export const headerLines = (mail: StoredMail): Array<[string, string]> => [
  ['From', formatAddress(mail.from)],
  ['To', formatAddress(mail.to)],
  ['Subject', mail.subject],
  ['Date', mail.createdAt.toUTCString()],
  ['Message-ID', mail.messageId],
  ...Object.entries(mail.extraHeaders),
];

/**
 * The frame's document, for the srcdoc attribute. @kitajs/html escapes only `"` in attribute
 * values, so the browser would decode the mail's own entities (`&lt;script>`, a visitor's
 * text) into markup before parsing the frame: `&` is escaped here so the frame gets the mail's
 * HTML exactly as written.
 */
const srcdoc = (html: string) => html.replace(/&/g, '&amp;');

export function MailPage({ mail }: { mail: StoredMail }): JSX.Element {
  return (
    <Layout meta={meta(mail.subject)} nav={<Nav />}>
      <p>
        <a href="/dev/mailbox">← Tous les e-mails</a>
      </p>
      <h1 safe>{mail.subject}</h1>
      <h2>En-têtes</h2>
      <dl class="facts-list mail-headers">
        {headerLines(mail).map(([name, value]) => (
          <>
            <dt safe>{name}</dt>
            <dd style={WRAP} safe>
              {value}
            </dd>
          </>
        ))}
      </dl>
      <h2>Version HTML</h2>
      <iframe
        class="mail-html"
        title={`Version HTML de « ${mail.subject} »`}
        sandbox=""
        srcdoc={srcdoc(mail.html)}
        // As tall as the screen, 36rem at least: no script may size a sandboxed frame to its mail, and a phone's narrow column makes a mail taller.
        style="width:100%;height:max(36rem,100vh);border:1px solid #ccc;border-radius:.3rem;background:#fff"
      ></iframe>
      <h2>Version texte</h2>
      <pre class="mail-text" style="white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f6f4;padding:.8rem;border-radius:.3rem" safe>
        {mail.text}
      </pre>
    </Layout>
  );
}

export function NoSuchMailPage(): JSX.Element {
  return (
    <Layout meta={meta('E-mail introuvable')} nav={<Nav />}>
      <h1>E-mail introuvable</h1>
      <p>
        Aucun e-mail gardé n’a ce numéro. <a href="/dev/mailbox">Voir tous les e-mails</a>
      </p>
    </Layout>
  );
}
