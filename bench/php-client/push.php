<?php

/**
 * The PHP side of `npm run bench php-client`: pushes an NDJSON file with ListingSync\Client's
 * pushListings, reading it line by line as a CRM's script would, and prints one JSON line:
 * the summary's counts, its CPU time and its peak memory.
 * Usage: LISTING_SYNC_URL=… LISTING_SYNC_KEY=… php push.php FILE
 */

declare(strict_types=1);

require __DIR__ . '/../../packages/php-client/tests/bootstrap.php';

$lines = (static function (string $file): Generator {
    $handle = fopen($file, 'rb');
    while (($line = fgets($handle)) !== false) {
        yield json_decode($line, true, 512, JSON_THROW_ON_ERROR);
    }
    fclose($handle);
})($argv[1]);

$client = new ListingSync\Client(['baseUrl' => getenv('LISTING_SYNC_URL'), 'key' => getenv('LISTING_SYNC_KEY')]);
$summary = $client->pushListings($lines);
$usage = getrusage();
echo json_encode([
    'created' => $summary['created'],
    'errors' => count($summary['errors']),
    'cpuMs' => ($usage['ru_utime.tv_sec'] + $usage['ru_stime.tv_sec']) * 1000
        + intdiv($usage['ru_utime.tv_usec'] + $usage['ru_stime.tv_usec'], 1000),
    'peakMb' => round($usage['ru_maxrss'] / 1024),
]), "\n";
