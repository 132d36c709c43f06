import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildHeaders,
  formatAddress,
  headerText,
  MailHeaderError,
  mailAddress,
  parseMailAddress,
} from '../../../src/platform/mail/headers.js';
import { ConfigError, loadConfig } from '../../../src/platform/config.js';

/** docs/decisions.md §16: no line break from any input reaches a mail header. */
const from = parseMailAddress('Annonces <no-reply@annonces.example>');
const LINE_BREAKS = /[\r\n\u2028\u2029]/;

test('text for a header loses every line break and control character', () => {
  assert.equal(headerText('Eve\r\nBcc: x@y'), 'Eve Bcc: x@y');
  assert.equal(headerText('a\nb\rc\u2028d\u0000e\u0085f'), 'a b c d e f');
  assert.equal(headerText('x'.repeat(500)).length, 200, 'a subject is cut, not folded into new headers');
});

test('a name with CR/LF stays inside its header; an address with one is refused', () => {
  const headers = buildHeaders(
    {
      to: mailAddress('agent@agence.example', 'Eve\r\nBcc: x@y'),
      subject: 'Nouveau message de Eve\r\nBcc: x@y',
      text: '',
      html: '',
    },
    from,
    '<abc@annonces.example>',
  );
  for (const value of [headers.to.name, headers.subject, formatAddress(headers.to), formatAddress(headers.from)])
    assert.doesNotMatch(value ?? '', LINE_BREAKS);
  assert.equal(formatAddress(headers.to), '"Eve Bcc: x@y" <agent@agence.example>');
  for (const address of ['a@b.example\r\nBcc: c@d.example', 'a@b.example, c@d.example', 'Eve <a@b.example>', 'a b@c.example', ''])
    assert.throws(() => mailAddress(address), MailHeaderError, JSON.stringify(address));
  assert.throws(
    () => buildHeaders({ to: mailAddress('a@b.example'), subject: 's', text: '', html: '', inReplyTo: '<a@b>\r\nBcc: c@d' }, from, '<x@y>'),
    MailHeaderError,
  );
});

test('a quoted display name escapes its quotes', () => {
  assert.equal(formatAddress(mailAddress('a@b.example', 'Agence "du" Parc\\')), '"Agence \\"du\\" Parc\\\\" <a@b.example>');
});

test('MAIL_FROM defaults to no-reply at the site’s host; SMTP_URL must be smtp:// or smtps://', () => {
  assert.equal(loadConfig({ SITE_URL: 'https://annonces.example/' }).mailFrom, 'Annonces <no-reply@annonces.example>');
  assert.equal(loadConfig({}).smtpUrl, null);
  assert.equal(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example:465' }).smtpUrl, 'smtps://u:p@mail.example:465');
  assert.throws(() => loadConfig({ SMTP_URL: 'http://mail.example' }), ConfigError);
  assert.throws(() => loadConfig({ MAIL_FROM: 'Annonces <a@b.example>\r\nBcc: c@d.example' }), ConfigError);
  assert.deepEqual(parseMailAddress(loadConfig({ MAIL_FROM: '"Agence" <contact@agence.example>' }).mailFrom), {
    address: 'contact@agence.example',
    name: 'Agence',
  });
});

test('an unsubscribe address becomes List-Unsubscribe and its One-Click POST header (RFC 8058); anything else is refused', () => {
  const mail = (unsubscribeUrl: string) => ({ to: mailAddress('a@b.example'), subject: 's', text: '', html: '', unsubscribeUrl });
  const url = 'https://annonces.example/alerts/unsubscribe/abc_DEF-123';
  const headers = buildHeaders(mail(url), from, '<x@y>');
  assert.equal(headers.extra['List-Unsubscribe'], `<${url}>`);
  assert.equal(headers.extra['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
  assert.equal(buildHeaders({ ...mail(url), unsubscribeUrl: undefined }, from, '<x@y>').extra['List-Unsubscribe'], undefined);
  for (const bad of [
    `${url}>\r\nBcc: c@d.example`,
    `${url}> <mailto:x@y`,
    'javascript:alert(1)',
    '/alerts/unsubscribe/x',
    `${url} x`,
    `${url}"`,
  ])
    assert.throws(() => buildHeaders(mail(bad), from, '<x@y>'), MailHeaderError, JSON.stringify(bad));
});
