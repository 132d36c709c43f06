<?php

declare(strict_types=1);

namespace ListingSync\Tests;

use ListingSync\ApiException;
use PHPUnit\Framework\TestCase;

/** The audience helpers: one row per day in Paris, a bad period refused with its field. */
final class PerformanceTest extends TestCase
{
    public function testTheAudienceComesDayByDayForAListingAndTheAgency(): void
    {
        $client = Harness::client(Harness::agency()['live']);
        $client->pushListings([Harness::listing('PERF-1')]);
        $serviceId = $client->getListingByExternalIdIngest(['query' => ['externalId' => 'PERF-1']])['serviceId'];

        $week = $client->listingPerformance($serviceId, [
            'from' => new \DateTimeImmutable('-6 days'),
            'to' => new \DateTimeImmutable(),
        ]);
        self::assertCount(7, $week['days']);
        self::assertSame(0, $week['days'][0]['total']['leads'] ?? null, json_encode($week['days'][0]));

        $month = $client->agencyPerformance();
        self::assertCount(28, $month['days'], 'without a period, the last 28 days');
    }

    public function testABadPeriodAndAnotherAgencysListingAreRefused(): void
    {
        $client = Harness::client(Harness::agency()['live']);
        try {
            $client->agencyPerformance(['from' => '2026-03-10', 'to' => '2026-03-01']);
            self::fail('a period ending before it starts was read');
        } catch (ApiException $refused) {
            self::assertSame(400, $refused->getStatus());
            self::assertNotSame([], $refused->getErrors());
        }
        try {
            $client->listingPerformance('lst_0000000000000000000000');
            self::fail('a listing of no agency was read');
        } catch (ApiException $refused) {
            self::assertSame(404, $refused->getStatus());
        }
    }
}
