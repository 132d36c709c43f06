/**
 * Throughput of `moderate` on typical listings with 1,500-character descriptions.
 * Target: ≥ 50,000 listings per second on one core.
 *
 *   node --import tsx bench/moderation.ts
 */
import { pathToFileURL } from 'node:url';
import type { ListingContent } from '../src/domain/listing-model/model.js';
import { moderate } from '../src/domain/moderation/moderate.js';
import type { DuplicateCandidate } from '../src/domain/moderation/reason.js';
import { buildDescriptions } from './masking.js';

const DURATION_MS = 2000;

function listings(): ListingContent[] {
  return buildDescriptions(16).map((description, i) => ({
    title: `Appartement ${i + 2} pièces lumineux`,
    // Rentals only: the wording scan, the costliest rule, runs on rentals alone.
    transaction: 'rental',
    propertyType: 'apartment',
    price: 900 + i * 10,
    priceUnit: 'EUR',
    charges: 80,
    surface: 40 + i,
    rooms: 2 + (i % 3),
    bedrooms: 1,
    floor: 2,
    city: 'Lyon',
    postcode: '69002',
    neighborhood: null,
    addressLine: null,
    dpe: 'D',
    ges: 'D',
    description,
    features: [],
    photos: [],
    fees: null,
    sourceCrm: null,
    createdAtExternal: null,
    updatedAtExternal: null,
  }));
}

/** A dozen live listings of the agency, none a duplicate, as the set-based query would hand over. */
const CANDIDATES: DuplicateCandidate[] = Array.from({ length: 12 }, (_, i) => ({
  serviceId: `lst_${i}`,
  content: { transaction: 'sale', propertyType: 'house', postcode: '69002', surface: 100 + i, price: 500_000 },
}));

export async function benchModeration(): Promise<{ listingsPerSecond: number; chars: number }> {
  const all = listings();
  const chars = all[0]?.description?.length ?? 0;
  const context = { decidedAt: new Date(), maskedContactDetails: 2, duplicateCandidates: CANDIDATES };
  // Warm-up so the measurement sees optimised code, not the interpreter.
  for (let i = 0; i < 5000; i++) moderate(all[i % all.length]!, context);

  let done = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < DURATION_MS) {
    for (let i = 0; i < 500; i++) {
      sink += moderate(all[done % all.length]!, context).reasons.length;
      done++;
    }
    elapsed = performance.now() - start;
  }
  if (sink < 0) throw new Error('unreachable'); // keeps the work observable
  const listingsPerSecond = Math.round((done * 1000) / elapsed);
  console.log(`  ${listingsPerSecond} listings moderated per second on one core (descriptions of ${chars} characters; target ≥ 50,000)`);
  return { listingsPerSecond, chars };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await benchModeration();
}
