<?php

declare(strict_types=1);

namespace ListingSync\Tests;

use ListingSync\ApiException;
use PHPUnit\Framework\TestCase;

/** syncListings: the session around a full push, a withdrawal, a refused completion abandoned. */
final class SyncTest extends TestCase
{
    public function testASyncWithdrawsWhatTheCrmNoLongerSendsAndAnOverCapOneIsAbandoned(): void
    {
        $client = Harness::client(Harness::agency()['live']);
        $client->pushListings(Harness::listings(10, 'SYNC'));

        $started = null;
        $onStarted = static function (array $session) use (&$started): void {
            $started = $session['syncId'];
        };
        $sync = $client->syncListings(Harness::listings(9, 'SYNC'), ['onStarted' => $onStarted]);
        self::assertSame('completed', $sync['session']['state']);
        self::assertSame($started, $sync['session']['syncId']);
        self::assertSame(9, $sync['push']['unchanged']);
        self::assertSame(1, $sync['session']['withdrawn'], 'SYNC-9 is no longer sent');

        try {
            $client->syncListings(Harness::listings(5, 'SYNC'));
            self::fail('a sync that withdraws 4 of 9 completed');
        } catch (ApiException $refused) {
            self::assertSame(409, $refused->getStatus());
            self::assertNotNull($refused->getProblemCode());
        }
        $sessions = $client->listSyncSessions()['syncSessions'];
        self::assertSame('abandoned', $sessions[0]['state'] ?? null, json_encode($sessions));
        self::assertSame(9, self::onMarket($client), 'the refused sync withdrew nothing');

        $forced = $client->syncListings(Harness::listings(5, 'SYNC'), ['force' => true]);
        self::assertSame(4, $forced['session']['withdrawn']);
        self::assertSame(5, self::onMarket($client));
    }

    public function testASyncWhoseCheckSaysNoIsAbandonedAndWithdrawsNothing(): void
    {
        $client = Harness::client(Harness::agency()['live']);
        $client->pushListings(Harness::listings(4, 'KEEP'));
        $never = static fn (array $push): bool => false;
        $sync = $client->syncListings(Harness::listings(3, 'KEEP'), ['shouldComplete' => $never]);
        self::assertSame('abandoned', $sync['session']['state']);
        self::assertSame(4, self::onMarket($client));
    }

    private static function onMarket(\ListingSync\Client $client): int
    {
        $count = 0;
        foreach ($client->reconcile() as $listing) {
            $count += $listing['status'] === 'active' ? 1 : 0;
        }
        return $count;
    }
}
