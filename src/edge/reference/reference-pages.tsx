import type { Children } from '@kitajs/html';
import { ERROR_CODES, type ErrorCode } from '../../platform/outcome.js';
import { escapeHtml } from '../html/render.js';
import { ERROR_CODE_GUIDES } from './error-codes.js';

/**
 * The developer pages: one per problem `code`, the error index and support (English, the API's
 * language), and the first steps (`/developers` in French, the site's language, and
 * `/developers/en`: first-steps-page.tsx). Same engine as the public site, their own small stylesheet.
 */

/** Escapes, then shows `code spans` as code: the guides are written in that light markdown. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

export const REFERENCE_STYLESHEET = `body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.1rem;margin-top:1.6rem}
code,pre{font-family:ui-monospace,monospace;background:#f2f2f2;border-radius:3px}code{padding:0 .2em;overflow-wrap:anywhere}pre{padding:.8rem;overflow-x:auto;max-width:100%}
pre:focus-visible{outline:2px solid #0b57d0;outline-offset:2px}li{min-width:0}
figure{margin:1rem 0}figure pre{margin-top:.25rem}figcaption{font-weight:600}
.status{color:#555;margin-top:0}nav{margin-bottom:1.5rem;font-size:.95rem}a{color:#0b57d0}
table{border-collapse:collapse}td,th{text-align:left;padding:.2rem .8rem .2rem 0;vertical-align:top}`;

export function Page({ title, children, lang = 'en' }: { title: string; children: Children; lang?: 'en' | 'fr' }): JSX.Element {
  return (
    <html lang={lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title safe>{`${title} · listing-sync`}</title>
        <link rel="stylesheet" href="/reference.css" />
      </head>
      <body>
        <header>
          <nav aria-label={lang === 'fr' ? 'Pages des développeurs' : 'Developer pages'}>
            <a href={lang === 'fr' ? '/developers' : '/developers/en'}>listing-sync</a> ·{' '}
            <a href="/docs">{lang === 'fr' ? 'Référence de l’API' : 'API reference'}</a> ·{' '}
            <a href="/errors">{lang === 'fr' ? 'Codes d’erreur' : 'Error codes'}</a> ·{' '}
            <a href="/">{lang === 'fr' ? 'Site public' : 'Public site'}</a>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}

export interface CodeFacts {
  status: number;
  title: string;
}

export function ErrorCodePage({ code, facts, baseUrl }: { code: ErrorCode; facts: CodeFacts; baseUrl: string }): JSX.Element {
  const guide = ERROR_CODE_GUIDES[code];
  const safeMeaning = prose(guide.meaning);
  const safeCause = prose(guide.typicalCause);
  const safeToDo = prose(guide.whatToDo);
  return (
    <Page title={code}>
      <h1>
        <code>{code}</code>
      </h1>
      <p class="status">
        HTTP {facts.status} · <span safe>{facts.title}</span>
      </p>
      <h2>What it means</h2>
      <p>{safeMeaning}</p>
      <h2>Typical cause</h2>
      <p>{safeCause}</p>
      <h2>What to do</h2>
      <p>{safeToDo}</p>
      <h2>The answer you received</h2>
      <p>
        An RFC 9457 problem body (<code>application/problem+json</code>). Its <code>type</code> is this page,{' '}
        <code safe>{`${baseUrl}/errors/${code}`}</code>; quote its <code>requestId</code> (also in the <code>X-Request-Id</code> header)
        when you ask for help.
      </p>
    </Page>
  );
}

export function ErrorIndexPage({ facts }: { facts: (code: ErrorCode) => CodeFacts }): JSX.Element {
  return (
    <Page title="Error codes">
      <h1>Error codes</h1>
      <p>
        Every error of both interfaces is an RFC 9457 problem body with one of these codes, the same on the ingestion and the v1 interface.
      </p>
      <table>
        <thead>
          <tr>
            <th>code</th>
            <th>status</th>
            <th>title</th>
          </tr>
        </thead>
        <tbody>
          {ERROR_CODES.map((code) => (
            <tr>
              <td>
                <a href={`/errors/${code}`}>
                  <code>{code}</code>
                </a>
              </td>
              <td>{facts(code).status}</td>
              <td safe>{facts(code).title}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}

export function UnknownCodePage({ code }: { code: string }): JSX.Element {
  return (
    <Page title="Unknown error code">
      <h1>Unknown error code</h1>
      <p>
        <code safe>{code}</code> is not an error code of this service. <a href="/errors">The error codes</a>.
      </p>
    </Page>
  );
}

export function SupportPage(): JSX.Element {
  return (
    <Page title="Integration support">
      <h1>Integration support</h1>
      <p>
        Most answers explain themselves: every error carries a <code>code</code> whose page says what it means and what to do (
        <a href="/errors">error codes</a>), and <code>errors[]</code> names each field at fault.
      </p>
      <h2>When you need a person</h2>
      <p>Write to the team that gave you your API keys (the operator of this service), with:</p>
      <ul>
        <li>
          the <code>requestId</code> of the answer (also in its <code>X-Request-Id</code> header), and the time of the call;
        </li>
        <li>
          the method and path, and which key you used: its first characters only (<code>svc_pk_LIVE_abcd…</code>), never the whole key;
        </li>
        <li>
          the answer's <code>code</code> and <code>detail</code>.
        </li>
      </ul>
      <p>With the request id, the operator finds the call in the service's request log.</p>
    </Page>
  );
}
