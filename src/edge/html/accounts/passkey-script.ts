import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The one script of the account pages: `@simplewebauthn/browser`'s bundle (served by the service,
 * never a CDN) and the few lines that wire the passkey buttons of passkey-parts.tsx. A part names
 * what it does in data attributes (`data-passkey`: sign-in, second-factor or enrol; the URLs of
 * its options and its answer; where to go next); the script shows it only where the browser
 * can use passkeys, and says in French, in the part's live region, why something failed.
 */
// The package exports its modules only; its bundle sits beside them (the file its `unpkg` field names).
const PACKAGE_DIR = join(dirname(createRequire(import.meta.url).resolve('@simplewebauthn/browser')), '..');
const BUNDLE = readFileSync(join(PACKAGE_DIR, 'dist/bundle/index.umd.min.js'), 'utf8');

const WIRING = String.raw`
(function () {
  'use strict';
  if (window.passkeyPartsWired) return;
  window.passkeyPartsWired = true;
  var webauthn = window.SimpleWebAuthnBrowser;
  var byStatus = {
    401: 'Votre session a expiré : rechargez la page, puis recommencez.',
    403: 'Le formulaire a expiré : rechargez la page, puis recommencez.',
    429: 'Trop de tentatives : réessayez dans quelques minutes.'
  };
  var failed = 'La clé d’accès n’a pas pu être utilisée : réessayez.';
  function post(url, body) {
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (answer) {
        if (response.ok && answer) return answer;
        throw new Error((answer && answer.message) || byStatus[response.status] || failed);
      });
    });
  }
  function browserMessage(error) {
    if (error && error.name === 'NotAllowedError') return 'La demande a été annulée ou a expiré : réessayez.';
    if (error && error.name === 'InvalidStateError') return 'Cette clé d’accès est déjà enregistrée sur ce compte.';
    return failed;
  }
  function wire(part) {
    var button = part.querySelector('button');
    var status = part.querySelector('[aria-live]');
    var label = part.querySelector('input[name="label"]');
    var csrfField = document.querySelector('input[name="_csrf"]');
    var csrf = part.dataset.csrf || (csrfField ? csrfField.value : '');
    var enrol = part.dataset.passkey === 'enrol';
    part.hidden = false;
    button.addEventListener('click', function () {
      status.textContent = '';
      if (enrol && !label.value.trim()) {
        status.textContent = 'Donnez d’abord un nom à cette clé d’accès.';
        label.focus();
        return;
      }
      button.disabled = true;
      post(part.dataset.options, { _csrf: csrf })
        .then(function (options) {
          var asked = enrol ? webauthn.startRegistration({ optionsJSON: options }) : webauthn.startAuthentication({ optionsJSON: options });
          return asked.catch(function (error) { throw new Error(browserMessage(error)); });
        })
        .then(function (response) {
          var body = { _csrf: csrf, response: response };
          if (enrol) body.label = label.value;
          else body.next = part.dataset.next;
          return post(part.dataset.action, body);
        })
        .then(function (answer) { window.location.assign(answer.next); })
        .catch(function (error) {
          status.textContent = error && error.message ? error.message : failed;
          button.disabled = false;
        });
    });
  }
  function start() {
    if (!webauthn || !webauthn.browserSupportsWebAuthn()) return;
    document.querySelectorAll('[data-passkey]').forEach(wire);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
`;

export const PASSKEY_SCRIPT = `${BUNDLE}\n${WIRING}`;

/** Its version: the script's URL carries it, so a cached copy is never stale. */
export const PASSKEY_SCRIPT_VERSION = createHash('sha256').update(PASSKEY_SCRIPT).digest('hex').slice(0, 12);

/** Where a space serves it (the route is public: the sign-in page needs it). */
export const passkeyScriptPath = (base: string) => `${base}/assets/passkeys.js?v=${PASSKEY_SCRIPT_VERSION}`;
