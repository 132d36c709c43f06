<?php

declare(strict_types=1);

namespace ListingSync\Tests;

use ListingSync\ApiException;
use ListingSync\TransportException;
use PHPUnit\Framework\TestCase;

/** Retries through a proxy that says 429, then 503, then drops the connection: stored once. */
final class RetryTest extends TestCase
{
    public function testAPushThroughA429A503AndADroppedConnectionIsStoredOnce(): void
    {
        $agency = Harness::agency();
        $notices = [];
        $client = Harness::client($agency['live'], [
            'baseUrl' => Harness::proxyUrl(),
            'retry' => ['maxDelay' => 0.2],
            'onRetry' => static function (array $notice) use (&$notices): void {
                $notices[] = $notice;
            },
        ]);
        Harness::scriptProxy(['429', '503', 'drop']);
        $started = microtime(true);
        $summary = $client->pushListings(Harness::listings(3, 'RETRY'));

        self::assertGreaterThanOrEqual(1.0, microtime(true) - $started, 'the 429 said: retry after 1 s');
        self::assertSame(3, $summary['created'], 'the answer lost with the connection is replayed, counted once');
        self::assertSame(array_fill(0, 4, 'POST /ingest/ingestListings'), Harness::proxyLog());
        self::assertSame(['429', '503'], array_column(array_slice($notices, 0, 2), 'cause'));
        self::assertCount(3, $notices);
        self::assertSame([1, 2, 3], array_column($notices, 'retry'));

        $direct = Harness::client($agency['live']);
        self::assertCount(3, iterator_to_array($direct->reconcile(), false), 'three listings stored, not six');
        self::assertSame(3, $direct->pushListings(Harness::listings(3, 'RETRY'))['unchanged']);
    }

    public function testARetryAfterPastTheLimitEndsAtOnce(): void
    {
        $client = Harness::client(Harness::agency()['live'], [
            'baseUrl' => Harness::proxyUrl(),
            'retry' => ['maxRetryAfter' => 0.5],
        ]);
        Harness::scriptProxy(['429']);
        try {
            $client->getMe();
            self::fail('a 429 asking for 1 s was waited for past a limit of 0.5 s');
        } catch (ApiException $refused) {
            self::assertSame(429, $refused->getStatus());
            self::assertSame('rate_limit_exceeded', $refused->getProblemCode());
        }
        self::assertCount(1, Harness::proxyLog());
    }

    public function testNoAnswerAfterEveryTryIsATransportException(): void
    {
        $client = Harness::client('svc_pk_TEST_x', [
            'baseUrl' => 'http://127.0.0.1:9',
            'retry' => ['attempts' => 3, 'maxDelay' => 0.01],
        ]);
        $this->expectException(TransportException::class);
        $this->expectExceptionMessageMatches('/no answer after 3 tries/');
        $client->getMe();
    }
}
