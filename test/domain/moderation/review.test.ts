import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reviewHash, reviewVersion } from '../../../src/domain/moderation/index.js';
import { changeEvents } from '../../../src/domain/listings/change-events.js';
import { aListing, aSale, AT } from '../../helpers/moderation-listings.js';

const review = (overrides: Partial<Parameters<typeof reviewVersion>[0]>) =>
  reviewVersion({ content: aListing(), env: 'live', maskedContactDetails: 0, duplicateCandidates: [], decidedAt: AT, ...overrides });

test('a live version goes through every rule; a clean one is approved, a flagged one waits, a hard violation is rejected', () => {
  assert.equal(review({}).state, 'approved');
  assert.equal(review({ content: aListing({ dpe: null }) }).state, 'pending');
  assert.equal(review({ content: aListing({ dpe: 'G' }) }).state, 'rejected');
  assert.equal(review({}).decidedBy, 'rules');
});

test('an approved listing whose new version changes only price or charges stays approved, whatever the rules say of the price', () => {
  const before = aListing();
  const previous = { state: 'approved' as const, reviewHash: reviewHash(before) };
  const cheaper = review({ content: aListing({ price: 50, charges: 10 }), previous });
  assert.deepEqual([cheaper.state, cheaper.decidedBy], ['approved', 'price_change']);
  assert.equal(review({ content: aListing({ price: 50 }) }).state, 'pending', 'the same price on a new listing waits');
  assert.equal(
    review({ content: aListing({ price: 50 }), previous: { ...previous, state: 'pending' } }).state,
    'pending',
    'only an approved listing',
  );
  assert.equal(review({ content: aListing({ price: 900, dpe: null }), previous }).state, 'pending', 'any other change is checked');
  const masked = review({ content: aListing({ price: 900 }), previous, maskedContactDetails: 2 });
  assert.deepEqual(
    masked.reasons.map((r) => r.code),
    ['contact_details_masked'],
    'remarks are kept',
  );
});

test('the review hash ignores price and charges only', () => {
  assert.equal(reviewHash(aListing({ price: 1, charges: 2 })), reviewHash(aListing()));
  assert.notEqual(reviewHash(aListing({ surface: 46 })), reviewHash(aListing()));
  assert.notEqual(reviewHash(aListing({ description: 'Autre texte.' })), reviewHash(aListing()));
});

test('sandbox versions follow their title markers only', () => {
  const sandbox = (title: string, content = aSale({ title })) => review({ env: 'test', content });
  assert.equal(sandbox('T2 calme').state, 'approved');
  assert.equal(sandbox('T2 calme', aSale({ title: 'T2 calme', dpe: null, price: 5 })).state, 'approved', 'no rule runs in the sandbox');
  assert.deepEqual([sandbox('T2 [reject]').state, sandbox('T2 [reject]').reasons[0]?.code], ['rejected', 'sandbox_reject']);
  assert.deepEqual([sandbox('[REVIEW] T2').state, sandbox('[review] T2').reasons[0]?.code], ['pending', 'sandbox_review']);
  assert.equal(sandbox('[reject][review]').state, 'rejected', 'reject wins');
});

test('a change’s events: what happened, its status move, then the decision, ranked within the change', () => {
  const base = {
    agencyId: 'agc_1',
    env: 'live' as const,
    serviceId: 'lst_1',
    externalId: 'E1',
    version: 3,
    status: 'sold' as const,
    moderationState: 'approved' as const,
    reasons: [],
  };
  const events = changeEvents({ ...base, kind: 'updated', previousStatus: 'active', decision: { by: 'rules', waitedMs: 0 } }, 10);
  assert.deepEqual(
    events.map((e) => [e.type, e.position]),
    [
      ['listing.updated', 80],
      ['listing.status_changed', 81],
      ['listing.published', 82],
    ],
  );
  assert.equal(events[1]!.data.previousStatus, 'active');
  assert.deepEqual(
    changeEvents({ ...base, kind: 'updated', previousStatus: 'sold' }, 11).map((e) => e.type),
    ['listing.updated'],
    'no decision, same status',
  );
  const rejected = changeEvents(
    {
      ...base,
      moderationState: 'rejected',
      kind: 'created',
      reasons: [{ code: 'sandbox_reject', severity: 'reject' }],
      decision: { by: 'rules', waitedMs: 0 },
    },
    12,
  );
  assert.deepEqual(
    rejected.map((e) => e.type),
    ['listing.created', 'listing.rejected'],
  );
  assert.deepEqual(rejected[1]!.data.reasons, [
    {
      code: 'sandbox_reject',
      severity: 'reject',
      message: 'Simulated rejection: the title contains [reject] (sandbox).',
      messageFr: 'Refus simulé : le titre contient [reject] (bac à sable).',
    },
  ]);
  assert.deepEqual(changeEvents({ ...base, kind: 'decided', moderationState: 'pending' }, 13), [], 'a pending decision says nothing');
});
