/** Writes the OpenAPI description the service serves to a file (for linting): `node --import tsx scripts/openapi.ts out.json`. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db/open.js';
import { buildApp, closeServices, createServices } from '../src/main/app.js';

const db = await openDatabase({ databaseUrl: null, dataDir: null });
const services = await createServices(loadConfig({ DEMO: '0', ADMIN_TOKEN: 'openapi-export-token-0000', WORKER: '0' }), db);
const app = await buildApp(services);
await app.ready();
const out = process.argv[2] ?? 'openapi.json';
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(app.swagger(), null, 2));
await app.close();
await closeServices(services);
await db.close();
