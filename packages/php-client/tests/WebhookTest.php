<?php

declare(strict_types=1);

namespace ListingSync\Tests;

use ListingSync\Webhook;
use ListingSync\WebhookVerificationException;
use PHPUnit\Framework\TestCase;

/** Webhook::verify against a delivery the service really signed, and against forgeries of it. */
final class WebhookTest extends TestCase
{
    /** @var array{body: string, headers: array<string, string>, secret: string}|null */
    private static ?array $delivery = null;

    /** @return array{body: string, headers: array<string, string>, secret: string} */
    private static function delivery(): array
    {
        if (self::$delivery === null) {
            $client = Harness::client(Harness::agency()['test'], ['sandbox' => true]);
            $name = 'php-' . bin2hex(random_bytes(4));
            $created = $client->createWebhook(['body' => ['url' => Harness::hookUrl($name), 'description' => 'PHP']]);
            $client->testWebhook($created['webhook']['webhookId']);
            $received = Harness::deliveries($name);
            self::assertNotSame([], $received, 'the service delivered the test event');
            self::$delivery = $received[0] + ['secret' => $created['secret']];
        }
        return self::$delivery;
    }

    public function testADeliveryTheServiceSignedIsVerifiedAndDecoded(): void
    {
        $delivery = self::delivery();
        $event = Webhook::verify($delivery['body'], $delivery['headers'], $delivery['secret']);
        self::assertSame('webhook.test', $event['type']);
        self::assertArrayHasKey('data', $event);

        // The same headers as PHP's $_SERVER gives them to a plain script.
        $server = [];
        foreach ($delivery['headers'] as $name => $value) {
            $server['HTTP_' . strtoupper(str_replace('-', '_', $name))] = $value;
        }
        self::assertSame($event, Webhook::verify($delivery['body'], $server, $delivery['secret']));
    }

    /** @return iterable<string, array{callable(array<string, mixed>): array<string, mixed>, string}> */
    public static function forgeries(): iterable
    {
        yield 'a tampered body' => [
            static fn (array $d) => ['body' => str_replace('"data"', '"data" ', $d['body'])] + $d,
            'No signature matches',
        ];
        yield 'another secret' => [
            static fn (array $d) => ['secret' => 'whsec_' . base64_encode(random_bytes(24))] + $d,
            'No signature matches',
        ];
        yield 'no signature' => [static function (array $d): array {
            unset($d['headers']['webhook-signature']);
            return $d;
        }, 'Missing webhook-id'];
        yield 'a signature of another delivery' => [static function (array $d): array {
            $d['headers']['webhook-id'] = 'msg_other';
            return $d;
        }, 'No signature matches'];
    }

    /**
     * @dataProvider forgeries
     * @param callable(array{body: string, headers: array<string, string>, secret: string}): array $forge
     */
    public function testAForgedDeliveryThrows(callable $forge, string $message): void
    {
        $forged = $forge(self::delivery());
        $this->expectException(WebhookVerificationException::class);
        $this->expectExceptionMessage($message);
        Webhook::verify($forged['body'], $forged['headers'], $forged['secret']);
    }

    public function testAStaleDeliveryThrowsEvenWithItsRightSignature(): void
    {
        $delivery = self::delivery();
        $sent = (int) $delivery['headers']['webhook-timestamp'];
        self::assertIsArray(Webhook::verify($delivery['body'], $delivery['headers'], $delivery['secret'], $sent + 299));
        $this->expectException(WebhookVerificationException::class);
        $this->expectExceptionMessage('more than five minutes');
        Webhook::verify($delivery['body'], $delivery['headers'], $delivery['secret'], $sent + 301);
    }
}
