<?php

declare(strict_types=1);

namespace ListingSync\Tests;

use ListingSync\Client;

/**
 * The service under test and what the tests cannot make through its API (agencies, a scripted
 * proxy, a webhook receiver, passerelle files), from the addresses the test run gives.
 */
final class Harness
{
    public static function serviceUrl(): string
    {
        return self::env('LISTING_SYNC_URL');
    }

    public static function proxyUrl(): string
    {
        return self::env('LISTING_SYNC_PROXY');
    }

    /** @return array{agencyId: string, live: string, test: string} a new agency, verified, with its keys */
    public static function agency(string $plan = 'agence'): array
    {
        return self::call('POST', '/agency', json_encode(['plan' => $plan]));
    }

    /** @param array<string, mixed> $options */
    public static function client(string $key, array $options = []): Client
    {
        return new Client($options + ['baseUrl' => self::serviceUrl(), 'key' => $key]);
    }

    /**
     * How the proxy answers its next requests, one step each: '429' (Retry-After: 1), '503',
     * 'drop' (the service writes, the connection closes unanswered), 'html' (a 403 HTML page).
     *
     * @param list<string> $steps
     */
    public static function scriptProxy(array $steps): void
    {
        self::call('POST', '/proxy/script', json_encode($steps));
    }

    /** @return list<string> "METHOD /path?query" of every request the proxy got since it was scripted */
    public static function proxyLog(): array
    {
        return self::call('GET', '/proxy/log')['paths'];
    }

    /** The address of a webhook receiver of that name. */
    public static function hookUrl(string $name): string
    {
        return self::env('LISTING_SYNC_HARNESS') . '/hooks/' . $name;
    }

    /**
     * The deliveries the receiver of that name got, waiting up to 20 s for the first.
     *
     * @return list<array{body: string, headers: array<string, string>}>
     */
    public static function deliveries(string $name): array
    {
        $until = microtime(true) + 20;
        do {
            $received = self::call('GET', '/deliveries/' . $name);
            if ($received !== [] || microtime(true) > $until) {
                return $received;
            }
            usleep(100_000);
        } while (true);
    }

    /** A passerelle file of `$count` listings (`zip` or `csv`), written to a temporary path ending as its kind. */
    public static function polirisFile(string $kind, int $count, string $prefix): string
    {
        $path = sys_get_temp_dir() . '/listing-sync-' . bin2hex(random_bytes(6)) . '.' . $kind;
        file_put_contents($path, self::call('GET', "/poliris/$kind?count=$count&prefix=$prefix", null, false));
        return $path;
    }

    /**
     * A valid ingestion listing, one the automatic rules publish; its postcode, surface and
     * price come from its externalId, so that two listings are never taken for duplicates.
     *
     * @param array<string, mixed> $overrides
     * @return array<string, mixed>
     */
    public static function listing(string $externalId, array $overrides = []): array
    {
        $hash = crc32($externalId);
        return array_merge([
            'externalId' => $externalId,
            'title' => 'Appartement 3 pièces ' . $externalId,
            'transaction' => 'VENTE',
            'type' => 'APPARTEMENT',
            'price' => 200_000 + $hash % 200_000,
            'surface' => 40 + $hash % 80,
            'rooms' => 3,
            'bedrooms' => 2,
            'city' => 'Lyon',
            'postcode' => sprintf('6900%d', 1 + $hash % 9),
            'addressLine' => '12 rue Garibaldi',
            'dpe' => 'D',
            'description' => 'Bel appartement lumineux, proche des commerces. DPE : D (230 kWh/m²/an).',
            'imageUrls' => ['https://images.example.com/a.jpg'],
        ], $overrides);
    }

    /**
     * @param array<string, mixed> $overrides
     * @return \Generator<int, array<string, mixed>> `$count` listings `PREFIX-0`… read as a CRM's file would be
     */
    public static function listings(int $count, string $prefix, array $overrides = []): \Generator
    {
        for ($i = 0; $i < $count; $i++) {
            yield self::listing("$prefix-$i", $overrides);
        }
    }

    private static function env(string $name): string
    {
        $value = getenv($name);
        if ($value === false || $value === '') {
            throw new \RuntimeException("$name is not set: run the tests through test/php-client/phpunit.test.ts");
        }
        return $value;
    }

    private static function call(string $method, string $path, ?string $body = null, bool $json = true): mixed
    {
        $curl = curl_init(self::env('LISTING_SYNC_HARNESS') . $path);
        curl_setopt_array($curl, [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT => 30,
            CURLOPT_HTTPHEADER => ['content-type: application/json'],
        ] + ($body === null ? [] : [CURLOPT_POSTFIELDS => $body]));
        $answer = curl_exec($curl);
        if ($answer === false || curl_getinfo($curl, CURLINFO_RESPONSE_CODE) >= 300) {
            throw new \RuntimeException("harness $method $path: " . curl_error($curl) . (string) $answer);
        }
        return $json ? json_decode((string) $answer, true, 512, JSON_THROW_ON_ERROR) : $answer;
    }
}
