<?php

declare(strict_types=1);

namespace ListingSync\Helpers;

use ListingSync\ApiException;
use ListingSync\Client;

/** Reconciliation: what the service holds for the agency, against what the CRM would send. */
trait ReadsListings
{
    /**
     * Every current listing of the agency, as `agencyListings` pages through them by change
     * sequence: each once when nothing changes meanwhile, at least once while listings change.
     * Each has `externalId`, `serviceId`, `status`, `contentHash` and `moderation` (`state`:
     * approved, pending while an operator holds it, or rejected).
     *
     * @param array{pageSize?: int} $options
     * @return \Generator<int, array<string, mixed>>
     * @throws ApiException
     */
    public function reconcile(array $options = []): \Generator
    {
        $afterTs = 0;
        while ($afterTs !== null) {
            $page = $this->request('GET', '/ingest/agencyListings', [
                'query' => ['limit' => $options['pageSize'] ?? 1000, 'afterTs' => $afterTs],
            ]);
            yield from $page['listings'];
            $afterTs = $page['nextAfterTs'];
        }
    }

    /**
     * The contentHash each listing would have once pushed, computed by the service without
     * writing (500 at a time), in input order: `index`, `externalId`, `contentHash` (null when a
     * push would reject the listing, with its `reason`).
     *
     * @param iterable<array<string, mixed>> $listings
     * @return \Generator<int, array<string, mixed>>
     * @throws ApiException
     */
    public function contentHashes(iterable $listings): \Generator
    {
        $batch = [];
        $first = 0;
        foreach ($listings as $listing) {
            $batch[] = $listing;
            if (count($batch) === Client::MAX_BATCH) {
                yield from $this->hashBatch($batch, $first);
                $first += count($batch);
                $batch = [];
            }
        }
        if ($batch !== []) {
            yield from $this->hashBatch($batch, $first);
        }
    }

    /**
     * Compares the CRM's listings (externalId => the hash the service would store) with what the
     * service holds: `missing` (not on the service), `extra` (on the service and on the market,
     * not in the CRM's set: a full sync would withdraw them), `different` (another hash), and
     * the count of the `same`. Sold, rented and withdrawn listings absent from the CRM's set are
     * not extra: a nightly export of active listings leaves them out.
     *
     * @param array<string, string> $local
     * @param iterable<array<string, mixed>>|null $service default: reconcile()
     * @return array{missing: list<string>, extra: list<string>, different: list<string>, same: int}
     */
    public function compareListings(array $local, ?iterable $service = null): array
    {
        // A listing that changed while the pages were read comes again later: its last entry is the current one.
        $held = [];
        foreach ($service ?? $this->reconcile() as $listing) {
            $held[(string) $listing['externalId']] = $listing;
        }
        $differences = ['missing' => [], 'extra' => [], 'different' => [], 'same' => 0];
        foreach ($held as $externalId => $listing) {
            $externalId = (string) $externalId;
            if (!array_key_exists($externalId, $local)) {
                if (in_array($listing['status'], ['active', 'under_offer', 'paused'], true)) {
                    $differences['extra'][] = $externalId;
                }
            } elseif ($local[$externalId] === $listing['contentHash']) {
                $differences['same'] += 1;
            } else {
                $differences['different'][] = $externalId;
            }
        }
        foreach (array_keys($local) as $externalId) {
            if (!array_key_exists((string) $externalId, $held)) {
                $differences['missing'][] = (string) $externalId;
            }
        }
        return $differences;
    }

    /**
     * @param list<array<string, mixed>> $batch
     * @return \Generator<int, array<string, mixed>>
     */
    private function hashBatch(array $batch, int $first): \Generator
    {
        $answer = $this->request('POST', '/ingest/contentHashes', ['body' => ['listings' => $batch]]);
        foreach ($answer['results'] as $result) {
            yield ['index' => $first + $result['index']] + $result;
        }
    }
}
