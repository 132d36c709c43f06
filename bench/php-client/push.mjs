// The TypeScript side of `npm run bench php-client`: the same file pushed with @listing-sync/client's
// pushListings (its defaults: 500 a request, two in flight), read line by line; one JSON line out.
// Usage: LISTING_SYNC_URL=… LISTING_SYNC_KEY=… node push.mjs FILE
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import process from 'node:process';
import { createListingSyncClient, pushListings } from '@listing-sync/client';

async function* lines(file) {
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) if (line) yield JSON.parse(line);
}

const client = createListingSyncClient({ baseUrl: process.env.LISTING_SYNC_URL, key: process.env.LISTING_SYNC_KEY });
const summary = await pushListings(client, lines(process.argv[2]));
const usage = process.resourceUsage();
process.stdout.write(
  `${JSON.stringify({
    created: summary.created,
    errors: summary.errors.length,
    cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000),
    peakMb: Math.round(usage.maxRSS / 1024),
  })}\n`,
);
