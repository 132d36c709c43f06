<?php

declare(strict_types=1);

namespace ListingSync\Tests;

use PHPUnit\Framework\TestCase;

/** pushListings against the service: batches of 500, rejected listings by position, nothing twice. */
final class PushTest extends TestCase
{
    public function testPushesAnyNumberInBatchesOf500AndKeepsEachRejectedListingWithItsPosition(): void
    {
        $client = Harness::client(Harness::agency()['live']);
        $broken = [7 => ['price' => -1], 600 => ['surface' => 'grand'], 1202 => ['postcode' => 'Lyon']];
        $batches = [];
        $listings = (static function () use ($broken): \Generator {
            for ($i = 0; $i < 1203; $i++) {
                yield Harness::listing("PUSH-$i", $broken[$i] ?? []);
            }
        })();
        $summary = $client->pushListings($listings, ['onBatch' => static function (array $batch) use (&$batches): void {
            $batches[] = [$batch['firstIndex'], count($batch['listings']), $batch['result']['processed']];
        }]);

        self::assertSame([[0, 500, 500], [500, 500, 500], [1000, 203, 203]], $batches);
        self::assertSame(3, $summary['requests']);
        self::assertSame(1203, $summary['processed']);
        self::assertSame(1200, $summary['created']);
        self::assertSame([7, 600, 1202], array_column($summary['errors'], 'index'));
        self::assertSame(['PUSH-7', 'PUSH-600', 'PUSH-1202'], array_column($summary['errors'], 'externalId'));
        self::assertSame('price', $summary['errors'][0]['details'][0]['field'] ?? null);
        self::assertNotSame('', $summary['errors'][1]['reason']);

        $again = $client->pushListings(Harness::listings(20, 'PUSH'));
        // PUSH-7 was refused the first time: it is the one created now; the 19 others were stored as they are.
        self::assertSame([1, 0, 19], [$again['created'], $again['updated'], $again['unchanged']]);
    }

    public function testAPushRefusedWholeThrowsWithThePositionsItCarried(): void
    {
        $client = Harness::client('svc_pk_LIVE_' . str_repeat('0', 32), ['retry' => ['attempts' => 1]]);
        try {
            $client->pushListings(Harness::listings(3, 'NOKEY'));
            self::fail('a wrong key pushed');
        } catch (\ListingSync\ApiException $refused) {
            self::assertSame(401, $refused->getStatus());
            self::assertStringStartsWith('Push of listings 1–3 answered 401', $refused->getMessage());
        }
    }
}
