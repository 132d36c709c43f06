<?php

declare(strict_types=1);

namespace ListingSync\Tests;

use ListingSync\ApiException;
use PHPUnit\Framework\TestCase;

/** importPoliris: the passerelle file a CRM already writes, from a path or a stream. */
final class PolirisTest extends TestCase
{
    public function testAFileIsImportedAsAFullSyncAndTheCapRefusesWithTheFrenchDetail(): void
    {
        $client = Harness::client(Harness::agency()['live']);
        $zip = Harness::polirisFile('zip', 5, 'PZ');
        $report = $client->importPoliris($zip);
        self::assertSame([5, 5, []], [$report['created'], $report['lines'], $report['errors']]);

        $csv = Harness::polirisFile('csv', 5, 'PZ');
        $stream = fopen($csv, 'rb');
        $fromStream = $client->importPoliris($stream, ['kind' => 'csv']);
        self::assertSame(5, $fromStream['unchanged'], 'a stream, read from its start');
        fclose($stream);

        $fewer = Harness::polirisFile('csv', 2, 'PZ');
        try {
            $client->importPoliris($fewer);
            self::fail('an import withdrawing 3 of 5 went through');
        } catch (ApiException $refused) {
            self::assertSame(409, $refused->getStatus());
            self::assertStringContainsString('retirerait 3 des 5', $refused->getMessage());
        }
        self::assertSame(3, $client->importPoliris($fewer, ['force' => true])['withdrawn']);
        array_map('unlink', [$zip, $csv, $fewer]);
    }

    public function testAPathThatCannotBeReadIsRefusedBeforeAnyRequest(): void
    {
        $client = Harness::client('svc_pk_TEST_x', ['baseUrl' => 'http://127.0.0.1:9']);
        $this->expectException(\InvalidArgumentException::class);
        $client->importPoliris('/nonexistent/export.zip');
    }
}
