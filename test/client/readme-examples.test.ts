import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstStepExamples } from '../../src/edge/reference/first-steps-examples.js';

/**
 * The documents' examples compile against the client's generated types: a CRM developer who
 * pastes the README's bodies into `client.POST(…)` must not meet a type error the server would
 * not raise (priceUnit, which has a default, was once required by the types).
 */

// The suite runs from the repository root, from the sources or compiled into .tmp/suite/.
const ROOT = process.cwd();
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Call {
  source: string;
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
}

/** The `curl -X METHOD …/path … -d '{json}'` commands of a Markdown document. */
function curlCalls(markdown: string, source: string): Call[] {
  const calls: Call[] = [];
  for (const match of markdown.matchAll(/curl -X (POST|PUT) https?:\/\/[^/\s]+(\/[^\s\\]+)[^`]*?-d '([^']*)'/g)) {
    calls.push({ source, method: match[1] as Call['method'], path: match[2]!, body: JSON.parse(match[3]!) });
  }
  return calls;
}

/**
 * Bodies given inline beside the operation they go to, in one list item or paragraph:
 * "`POST /ingest/syncSessions/{syncId}/complete` with `{}` or `{"force": true}`".
 * Inline code that is not JSON (an elided `{"syncId": "syn_…", …}`) is an illustration, not a body.
 */
function inlineCalls(markdown: string, source: string): Call[] {
  const calls: Call[] = [];
  for (const block of markdown.split(/\n(?=\s*(?:\d+\.|-) )|\n\n/)) {
    const operation = /`(POST|PUT) (\/[^`\s]+)`/.exec(block);
    if (!operation) continue;
    const after = block.slice(operation.index + operation[0].length);
    for (const code of after.matchAll(/`(\{[^`]*\})`/g)) {
      let body: unknown;
      try {
        body = JSON.parse(code[1]!);
      } catch {
        continue;
      }
      calls.push({ source, method: operation[1] as Call['method'], path: operation[2]!, body });
    }
  }
  return calls;
}

/** One typed call of the client per example; path parameters get a placeholder value. */
function callSource(call: Call, index: number): string {
  const names = [...call.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const params = names.length ? `params: { path: { ${names.map((n) => `${n}: 'id_placeholder'`).join(', ')} } }, ` : '';
  return (
    `// ${call.source}\n` +
    `export const call${index} = client.${call.method}(${JSON.stringify(call.path)}, { ${params}body: ${JSON.stringify(call.body, null, 2)} });\n`
  );
}

/** The client package README's TypeScript example, with the values it leaves to the reader declared. */
function clientReadmeExample(): string {
  const readme = read('packages/client/README.md');
  const code = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(code, 'packages/client/README.md has a ```ts example');
  const [imports, ...rest] = code.split('\n');
  return [
    imports,
    "import type { IngestListing } from '@listing-sync/client';",
    'declare const crmListings: IngestListing[];',
    'declare const rawBody: string;',
    'declare const requestHeaders: Record<string, string>;',
    ...rest,
  ].join('\n');
}

function typecheck(files: Record<string, string>): { status: number | null; output: string } {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  // Inside the repository, so that the packages' types (node, ky, openapi-fetch) resolve as the client's do.
  const dir = mkdtempSync(join(ROOT, '.tmp', 'doc-examples-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023', 'DOM'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ['node'],
        // The client as this checkout's sources define it (the installed package may be another build).
        paths: { '@listing-sync/client': [join(ROOT, 'packages/client/src/index.ts')] },
      },
      files: Object.keys(files),
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}`.replaceAll(dir, '') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The first listing of the README's push. */
function ingestBody(calls: Call[]): object {
  const push = calls.find((c) => c.path === '/ingest/ingestListings')!;
  return (push.body as { listings: object[] }).listings[0]!;
}

/** The TypeScript blocks of /developers, one module each, as a reader pastes them. */
function firstStepTypeScript(): Record<string, string> {
  const { checkKey, sendListing } = firstStepExamples('http://127.0.0.1:8080');
  const blocks = [...checkKey, ...sendListing].filter((example) => example.language === 'TypeScript');
  assert.equal(blocks.length, 2, 'the key check and the listing sent, in TypeScript');
  return Object.fromEntries(blocks.map((block, index) => [`first-step-${index + 1}.mts`, block.code]));
}

const HEADER =
  "import { createListingSyncClient } from '@listing-sync/client';\n" +
  "const client = createListingSyncClient({ baseUrl: 'http://127.0.0.1:8080', key: 'svc_pk_LIVE_x' });\n";

test('the README’s and the integrator kit’s example bodies compile against the client’s types, and a wrong field does not', () => {
  const calls = [...curlCalls(read('README.md'), 'README.md'), ...inlineCalls(read('docs/integrator-kit.md'), 'docs/integrator-kit.md')];
  const paths = calls.map((c) => `${c.method} ${c.path}`);
  // What the documents show today: if one goes, this list says so rather than silently testing less.
  for (const expected of ['POST /ingest/ingestListings', 'POST /v1/listings', 'POST /ingest/syncSessions/{syncId}/complete']) {
    assert.ok(paths.includes(expected), `an example of ${expected} was found (found: ${paths.join(', ')})`);
  }
  // A partial update, as docs/interfaces.md describes PUT: only the fields given change.
  calls.push({ source: 'a partial PUT', method: 'PUT', path: '/v1/listings/{serviceId}', body: { price: 315000 } });

  const v1 = calls.find((c) => c.path === '/v1/listings')!;
  const wrong = { ...v1, source: 'a v1 body with a field the service refuses', body: { ...(v1.body as object), floorArea: 68 } };

  const result = typecheck({
    'examples.mts': HEADER + calls.map(callSource).join('\n'),
    'client-readme.mts': clientReadmeExample(),
    'wrong-field.mts': HEADER + callSource(wrong, 0),
    // /developers runs its TypeScript blocks with types stripped: here they meet the types a CRM's project checks.
    ...firstStepTypeScript(),
    // pushListings takes the ingestion listing: the README's push body with a misnamed field is refused too.
    'wrong-push.mts':
      HEADER.replace('{ createListingSyncClient }', '{ createListingSyncClient, pushListings }') +
      `export const pushed = pushListings(client, [${JSON.stringify({ ...ingestBody(calls), surfaceM2: 68 })}]);\n`,
  });
  const errors = result.output.split('\n').filter((line) => /error TS/.test(line));
  assert.deepEqual(
    errors.filter((line) => !line.includes('wrong-')),
    [],
    'every documented example compiles',
  );
  assert.ok(
    errors.some((line) => line.includes('wrong-field.mts') && line.includes('floorArea')),
    `a field the server refuses is a type error:\n${result.output}`,
  );
  assert.ok(
    errors.some((line) => line.includes('wrong-push.mts') && line.includes('surfaceM2')),
    `pushListings refuses a listing with a misnamed field:\n${result.output}`,
  );
});
