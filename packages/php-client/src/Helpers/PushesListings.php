<?php

declare(strict_types=1);

namespace ListingSync\Helpers;

use ListingSync\ApiException;
use ListingSync\Client;

/**
 * The writes of a nightly sync: any number of listings pushed 500 a request, and the full sync
 * session around them.
 */
trait PushesListings
{
    /**
     * Pushes any number of listings, in requests of 500 (the service's limit). Each request carries
     * its own Idempotency-Key, kept across its retries, so a retried push whose first answer was
     * lost gets that answer again and nothing is stored or counted twice. Listings are read from
     * `$listings` only as requests go out: a generator over a 100,000-line file never sits in
     * memory whole. A request refused whole (a wrong key, a finished sync session, retries run
     * out) throws; the listings of the requests before it are stored.
     *
     * @param iterable<array<string, mixed>> $listings ingestion listings (docs/interfaces.md)
     * @param array{
     *     batchSize?: int,
     *     syncId?: string,
     *     onBatch?: callable(
     *         array{firstIndex: int, listings: list<array<string, mixed>>, result: array<string, mixed>}
     *     ): void,
     * } $options `onBatch`: told after each request, with its listings and the service's answer
     * @return array{
     *     requests: int, processed: int, created: int, updated: int, unchanged: int,
     *     errors: list<array{
     *         index: int, externalId: string|null, reason: string,
     *         details: list<array{field: string, message: string}>,
     *     }>,
     *     warnings: int,
     * }
     *     `errors`: every rejected listing with its position in `$listings` (from 0) and the reason;
     *     `warnings`: listings accepted with a remark, counted (onBatch sees each)
     * @throws ApiException
     */
    public function pushListings(iterable $listings, array $options = []): array
    {
        $batchSize = max(1, min($options['batchSize'] ?? Client::MAX_BATCH, Client::MAX_BATCH));
        $summary = ['requests' => 0, 'processed' => 0, 'created' => 0, 'updated' => 0, 'unchanged' => 0,
            'errors' => [], 'warnings' => 0];
        $batch = [];
        $next = 0;
        foreach ($listings as $listing) {
            $batch[] = $listing;
            if (count($batch) === $batchSize) {
                $this->pushBatch($batch, $next, $options, $summary);
                $next += count($batch);
                $batch = [];
            }
        }
        if ($batch !== []) {
            $this->pushBatch($batch, $next, $options, $summary);
        }
        return $summary;
    }

    /**
     * A full sync: starts a session, pushes every listing with its syncId, then completes the
     * session, which withdraws the listings on the market that were not pushed. The service
     * refuses (409) to withdraw more than 20 % of them unless `force`. When a push fails, or the
     * completion is refused, the session is abandoned and nothing is withdrawn; so it is when
     * `shouldComplete` answers false.
     *
     * @param iterable<array<string, mixed>> $listings
     * @param array{force?: bool, batchSize?: int, onBatch?: callable, onStarted?: callable(array<string, mixed>): void,
     *     shouldComplete?: callable(array<string, mixed>): bool} $options
     * @return array{push: array<string, mixed>, session: array<string, mixed>} the push's summary
     *     (as pushListings) and the session as it ended (`state`, `seen`, `onMarket`, `withdrawn`…)
     * @throws ApiException
     */
    public function syncListings(iterable $listings, array $options = []): array
    {
        // Idempotency-Keys: a retried start or completion whose first answer was lost gets that answer again.
        $session = $this->request('POST', '/ingest/syncSessions', ['idempotencyKey' => Client::newIdempotencyKey()]);
        $syncId = $session['syncId'];
        if (isset($options['onStarted'])) {
            ($options['onStarted'])($session);
        }
        $path = '/ingest/syncSessions/' . rawurlencode($syncId);
        $abandon = fn () => $this->request('DELETE', $path, ['idempotencyKey' => Client::newIdempotencyKey()]);
        try {
            $push = $this->pushListings($listings, array_intersect_key($options, ['batchSize' => 1, 'onBatch' => 1])
                + ['syncId' => $syncId]);
        } catch (\Throwable $failure) {
            self::quietly($abandon);
            throw $failure;
        }
        if (isset($options['shouldComplete']) && !($options['shouldComplete'])($push)) {
            return ['push' => $push, 'session' => $abandon()];
        }
        try {
            $completed = $this->request('POST', $path . '/complete', [
                'idempotencyKey' => Client::newIdempotencyKey(),
                'body' => ['force' => (bool) ($options['force'] ?? false)],
            ]);
        } catch (ApiException $refused) {
            self::quietly($abandon);
            throw $refused;
        }
        return ['push' => $push, 'session' => $completed];
    }

    /**
     * @param list<array<string, mixed>> $batch
     * @param array<string, mixed> $options
     * @param array<string, mixed> $summary
     */
    private function pushBatch(array $batch, int $firstIndex, array $options, array &$summary): void
    {
        $body = ['listings' => $batch] + (isset($options['syncId']) ? ['syncId' => $options['syncId']] : []);
        try {
            $result = $this->request('POST', '/ingest/ingestListings', [
                'body' => $body,
                'idempotencyKey' => Client::newIdempotencyKey(),
            ]);
        } catch (ApiException $refused) {
            throw new ApiException(
                $refused->getStatus(),
                $refused->getProblem(),
                sprintf('Push of listings %d–%d', $firstIndex + 1, $firstIndex + count($batch)),
                $refused->getRequestId(),
                $refused->getBodyStart(),
            );
        }
        $summary['requests'] += 1;
        foreach (['processed', 'created', 'updated', 'unchanged'] as $counter) {
            $summary[$counter] += $result[$counter];
        }
        foreach ($result['errors'] as $error) {
            $summary['errors'][] = ['index' => $firstIndex + $error['index']] + $error;
        }
        $summary['warnings'] += count($result['warnings']);
        if (isset($options['onBatch'])) {
            ($options['onBatch'])(['firstIndex' => $firstIndex, 'listings' => $batch, 'result' => $result]);
        }
    }

    /** Abandoning after a failure must not hide the failure. */
    private static function quietly(callable $call): void
    {
        try {
            $call();
        } catch (\Throwable) {
            // The session expires on its own; the first failure is the one to report.
        }
    }
}
