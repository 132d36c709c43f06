import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { useTestApp } from '../../helpers/app.js';
import { databaseKind } from '../../helpers/database.js';

const run = promisify(execFile);
const { t, agency } = useTestApp({ agency: { plan: 'agence' } });

const unescape = (html: string) =>
  html.replace(/&#34;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** The page's code blocks, as a reader copies them. */
const blocks = (html: string) => [...html.matchAll(/<pre[^>]*>([\s\S]*?)<\/pre>/g)].map((m) => unescape(m[1]!));

test(`[${databaseKind}] /developers (French) and /developers/en: their commands, pasted in order, end with a public listing`, async () => {
  const french = await t.app.inject({ method: 'GET', url: '/developers' });
  const english = await t.app.inject({ method: 'GET', url: '/developers/en' });
  assert.equal(french.statusCode, 200);
  assert.match(french.body, /<html lang="fr">/);
  assert.match(french.body, /<h2>Premiers pas<\/h2>/);
  assert.match(french.body, /href="\/developers\/en"/);
  assert.match(english.body, /<html lang="en">/);
  assert.match(english.body, /href="\/developers"/);
  const commands = blocks(french.body);
  assert.equal(commands.length, 2);
  assert.deepEqual(blocks(english.body), commands, 'the same commands in both languages');

  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { baseUrl } = t.app.services.config;
  const answers = [];
  for (const command of commands) {
    const script = `KEY=${agency.live}\n${command.replaceAll(baseUrl, url).replace(/^curl /, 'curl -sS -w "\\n%{http_code}" ')}`;
    const { stdout } = await run('bash', ['-euc', script]);
    const status = Number(stdout.slice(stdout.lastIndexOf('\n') + 1));
    answers.push({ status, body: JSON.parse(stdout.slice(0, stdout.lastIndexOf('\n'))) });
  }
  assert.equal(answers[0]!.status, 200, JSON.stringify(answers[0]));
  assert.equal(answers[1]!.status, 201, JSON.stringify(answers[1]));
  const created = answers[1]!.body;
  assert.equal(created.moderation.state, 'approved', `held for review: ${JSON.stringify(created.moderation)}`);
  assert.notEqual(created.externalId, 'A-1', 'never the README’s listing');
  const publicPage = await t.app.inject({ method: 'GET', url: new URL(created.publicUrl).pathname });
  assert.equal(publicPage.statusCode, 200, 'the listing is on the public site');
});
