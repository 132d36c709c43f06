/**
 * The client package's types, generated from the OpenAPI description the service serves:
 * `npm run client:types` rewrites packages/client/src/schema.ts; `npm test` fails when the
 * checked-in file differs from what the live description generates (test/client/types.test.ts).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db/open.js';
import { buildApp, closeServices, createServices } from '../src/main/app.js';

// From the repository root, where npm runs its scripts and the suite runs (this module is also compiled into .tmp/suite/).
export const CLIENT_TYPES_FILE = resolve('packages/client/src/schema.ts');

const HEADER = `/**
 * Generated from the listing-sync OpenAPI description by openapi-typescript: do not edit.
 * Regenerate with \`npm run client:types\` at the repository root.
 */

`;

/** The description the service serves, from an in-process app on a throw-away database. */
export async function servedOpenApi(): Promise<object> {
  const db = await openDatabase({ databaseUrl: null, dataDir: null });
  const services = await createServices(loadConfig({ DEMO: '0', ADMIN_TOKEN: 'openapi-export-token-0000', WORKER: '0' }), db);
  const app = await buildApp(services);
  await app.ready();
  try {
    return app.swagger() as object;
  } finally {
    await app.close();
    await closeServices(services);
    await db.close();
  }
}

export async function clientTypes(document: object): Promise<string> {
  // A copy: openapi-typescript annotates the object it is given. defaultNonNullable off: a field
  // with a default is one the client may leave out (priceUnit defaults to EUR), so the types
  // must not require it; by default openapi-typescript does, in every named schema.
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0], { defaultNonNullable: false });
  return HEADER + astToString(ast);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CLIENT_TYPES_FILE, await clientTypes(await servedOpenApi()));
  console.log(`wrote ${CLIENT_TYPES_FILE}`);
}
