<?php

declare(strict_types=1);

namespace ListingSync\Tests;

use ListingSync\Client;
use PHPUnit\Framework\TestCase;

/** What the client refuses before any request, and the keys it makes. */
final class ClientOptionsTest extends TestCase
{
    /** @return iterable<string, array{array<string, mixed>, string}> */
    public static function refusedOptions(): iterable
    {
        yield 'a base URL without a scheme' => [['baseUrl' => 'api.example.com', 'key' => 'k'], 'http:// or https://'];
        yield 'a base URL of another scheme' => [['baseUrl' => 'ftp://api.example.com', 'key' => 'k'], 'https://'];
        yield 'a base URL with a query' => [['baseUrl' => 'https://api.example.com/?a=1', 'key' => 'k'], 'base URL'];
        yield 'an empty key' => [['baseUrl' => 'https://api.example.com', 'key' => ''], 'key is empty'];
        yield 'a blank key' => [['baseUrl' => 'https://api.example.com', 'key' => '  '], 'key is empty'];
        yield 'no key' => [['baseUrl' => 'https://api.example.com'], 'key is empty'];
        yield 'a key with a line break' => [['key' => "svc_pk_TEST_x\r\nX-Evil: 1"], 'holds spaces'];
        yield 'a misspelt option' => [['key' => 'k', 'apiKey' => 'k'], 'Unknown option(s): apiKey'];
        yield 'a timeout of zero' => [['key' => 'k', 'timeout' => 0], 'above 0'];
        yield 'no try at all' => [['key' => 'k', 'retry' => ['attempts' => 0]], 'at least 1'];
    }

    /**
     * @dataProvider refusedOptions
     * @param array<string, mixed> $options
     */
    public function testRefusesOptionsItCannotWorkWith(array $options, string $message): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage($message);
        new Client($options);
    }

    public function testRefusesABadRequestBeforeSendingIt(): void
    {
        // Nothing listens on port 9: a request sent would end in a TransportException, not these.
        $client = new Client(['baseUrl' => 'http://127.0.0.1:9', 'key' => 'k', 'retry' => ['attempts' => 1]]);
        try {
            $client->request('GET', 'v1/me');
            self::fail('a path without its leading slash was sent');
        } catch (\InvalidArgumentException $refused) {
            self::assertStringContainsString('must start with "/"', $refused->getMessage());
        }
        $this->expectExceptionMessage('Unknown request option(s): idempotency_key');
        $client->request('POST', '/v1/listings', ['idempotency_key' => 'k']);
    }

    public function testTheSandboxIsAPathOfTheSameService(): void
    {
        $client = new Client(['baseUrl' => 'https://api.example.com/', 'key' => 'svc_pk_TEST_x', 'sandbox' => true]);
        self::assertSame('https://api.example.com/sandbox', $client->baseUrl());
    }

    public function testIdempotencyKeysAreRandomUuids(): void
    {
        $keys = array_map(static fn () => Client::newIdempotencyKey(), range(1, 50));
        self::assertCount(50, array_unique($keys));
        foreach ($keys as $key) {
            $uuid4 = '/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/D';
            self::assertMatchesRegularExpression($uuid4, $key);
        }
    }
}
