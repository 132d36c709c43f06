import { benchItem } from './ingest.js';
import { fmt, loadAverage } from './lib.js';
import { validateIngestItem } from '../src/edge/ingestion/validate.js';
import { decide, publicText } from '../src/domain/listings/write-steps.js';
import { reviewVersion } from '../src/domain/moderation/review.js';
import { reviewHash } from '../src/domain/moderation/changes.js';
import { complianceWarnings } from '../src/domain/compliance/legal-mention-rules.js';
import { findDiscriminatoryWording } from '../src/domain/moderation/wording.js';
import type { ListingDraft } from '../src/domain/listing-model/model.js';

/**
 * `npm run bench write-steps`: the CPU a created push of 500 listings spends in each step of
 * the write path that runs in the server's process and needs no database (reading the JSON
 * item, deciding with its hashes, warnings and place, masking, moderation's rules, the legal
 * mentions), measured in process with `process.cpuUsage`: the minimum and the median of 15 runs
 * after 20 warm-up runs. What the server spends beyond their sum is HTTP, the driver's protocol
 * and the rows' parameters (docs/benchmarks.md, "Where a created push's CPU goes").
 */
export async function benchWriteSteps() {
  const items = Array.from({ length: 500 }, (_, i) => benchItem(i, `STEP-${Date.now()}`, 0));
  const drafts: ListingDraft[] = items.map((raw) => {
    const checked = validateIngestItem(raw);
    if (!checked.ok) throw new Error('a bench item was refused');
    return checked.draft;
  });
  const now = new Date();
  const steps: Array<[string, () => unknown]> = [
    ['read and check the JSON item (edge)', () => items.map((raw) => validateIngestItem(raw))],
    ['decide: hashes, warnings, place', () => drafts.map((d) => decide(d, undefined))],
    ['mask contact details', () => drafts.map((d) => publicText(d.content))],
    [
      'moderation rules (review hash included)',
      () =>
        drafts.map((d) =>
          reviewVersion({
            content: d.content,
            env: 'live',
            reviewHash: reviewHash(d.content),
            maskedContactDetails: 0,
            duplicateCandidates: [],
            decidedAt: now,
          }),
        ),
    ],
    [
      '  of which the wording rule',
      () => drafts.map((d) => findDiscriminatoryWording(`${d.content.title}\n${d.content.description ?? ''}`, d.content.transaction)),
    ],
    ['legal mentions (compliance)', () => drafts.map((d) => complianceWarnings(d.content))],
  ];
  console.log(`  ${loadAverage()}; CPU ms per 500 created listings, min / median of 15`);
  let sum = 0;
  for (const [name, run] of steps) {
    for (let warm = 0; warm < 20; warm++) run();
    const samples: number[] = [];
    for (let r = 0; r < 15; r++) {
      const before = process.cpuUsage();
      run();
      const spent = process.cpuUsage(before);
      samples.push((spent.user + spent.system) / 1000);
    }
    samples.sort((a, b) => a - b);
    if (!name.startsWith(' ')) sum += samples[7]!;
    console.log(`  ${name.padEnd(42)} ${fmt(samples[0]!, 1).padStart(6)} / ${fmt(samples[7]!, 1).padStart(6)} ms`);
  }
  console.log(`  ${'sum of the steps (medians)'.padEnd(42)} ${''.padStart(6)}   ${fmt(sum, 1).padStart(6)} ms`);
}
