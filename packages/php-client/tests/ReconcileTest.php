<?php

declare(strict_types=1);

namespace ListingSync\Tests;

use PHPUnit\Framework\TestCase;

/** reconcile, contentHashes and compareListings: what the service holds against the CRM's set. */
final class ReconcileTest extends TestCase
{
    public function testReconcileWalksEveryPageAndCompareFindsTheDifferences(): void
    {
        $client = Harness::client(Harness::agency()['live']);
        $client->pushListings(Harness::listings(25, 'REC'));

        $held = iterator_to_array($client->reconcile(['pageSize' => 10]), false);
        $ids = array_column($held, 'externalId');
        sort($ids);
        $expected = array_map(static fn (int $i) => "REC-$i", range(0, 24));
        sort($expected);
        self::assertSame($expected, $ids, 'each listing once, across three pages');

        // The CRM's set tonight: REC-3 changed its price, REC-24 is gone, NEW-1 is new.
        $tonight = [];
        foreach (Harness::listings(24, 'REC') as $i => $listing) {
            $tonight[] = $i === 3 ? ['price' => 99_000] + $listing : $listing;
        }
        $tonight[] = Harness::listing('NEW-1');
        $local = [];
        foreach ($client->contentHashes($tonight) as $hash) {
            $local[$hash['externalId']] = $hash['contentHash'];
        }
        self::assertCount(25, $local);
        $byId = array_column($held, 'contentHash', 'externalId');
        self::assertSame($byId['REC-0'], $local['REC-0'], 'the hash of an unchanged listing is the stored one');

        $differences = $client->compareListings($local);
        self::assertSame(['NEW-1'], $differences['missing']);
        self::assertSame(['REC-24'], $differences['extra']);
        self::assertSame(['REC-3'], $differences['different']);
        self::assertSame(23, $differences['same']);
    }
}
