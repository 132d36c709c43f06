import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/platform/config.js';
import { startServer, type RunningServer } from '../../src/main/server.js';
import { samplePhotoSvg, sampleV1Listing } from '../fixtures/sample-listings.js';

const ADMIN_TOKEN = 'sample-site-admin-token-0123';

export interface SampleSite {
  server: RunningServer;
  url: string;
  /** Service ids of the published sample listings, in creation order. */
  serviceIds: string[];
  liveKey: string;
  db: RunningServer['services']['db'];
  stop(): Promise<void>;
}

/** Serves the sample photos as an agency's image host would, on a loopback port. */
async function startImageHost(): Promise<{ base: string; server: Server }> {
  const server = createServer((request, response) => {
    const n = /^\/photo-(\d+)\.svg$/.exec(request.url ?? '')?.[1];
    if (n === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' }).end(samplePhotoSvg(Number(n)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

/**
 * A running server (embedded database, or DATABASE_URL's server when given) with `count`
 * sample listings published through v1 and an image host for their photos.
 */
export async function startSampleSite(count: number, options: { databaseUrl?: string } = {}): Promise<SampleSite> {
  const dir = mkdtempSync(join(tmpdir(), 'listing-sync-site-'));
  const images = await startImageHost();
  const server = await startServer(
    loadConfig({
      PORT: '0',
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'silent',
      DEMO: '0',
      ADMIN_TOKEN,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    }),
    { print: () => {} },
  );
  const call = async (method: string, path: string, key: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, never>>;
  };
  const agency = (await call('POST', '/admin/api/agencies', ADMIN_TOKEN, {
    name: 'Agence du Parc',
    plan: 'reseau',
    verified: true,
  })) as unknown as { keys: { live: string } };
  const liveKey = agency.keys.live;
  const serviceIds: string[] = [];
  for (let start = 0; start < count; start += 100) {
    const listings = Array.from({ length: Math.min(100, count - start) }, (_, k) => sampleV1Listing(start + k, images.base));
    const batch = (await call('POST', '/v1/listings/batch', liveKey, { listings })) as unknown as {
      results: Array<{ serviceId: string; error: unknown }>;
    };
    for (const result of batch.results) {
      if (!result.serviceId) throw new Error(`sample listing refused: ${JSON.stringify(result.error)}`);
      serviceIds.push(result.serviceId);
    }
  }
  // The rules approve clean listings; whatever they held for review, the operator approves.
  for (const serviceId of serviceIds) {
    const record = (await call('GET', `/v1/listings/${serviceId}`, liveKey)) as unknown as { moderation: { state: string } };
    if (record.moderation.state !== 'approved')
      await call('POST', `/admin/api/listings/${serviceId}/moderation`, ADMIN_TOKEN, { decision: 'approve' });
  }
  return {
    server,
    url: server.url,
    serviceIds,
    liveKey,
    db: server.services.db,
    async stop() {
      await server.stop();
      await new Promise((resolve) => images.server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
