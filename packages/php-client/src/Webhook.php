<?php

declare(strict_types=1);

namespace ListingSync;

/**
 * Checks the deliveries of the service's webhooks, signed as Standard Webhooks
 * (standardwebhooks.com): `webhook-id` (the same on every attempt of a delivery: deduplicate on
 * it), `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature` (one or more
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, two during a secret's rotation).
 */
final class Webhook
{
    /** How far the timestamp may be from now, either way: an older delivery is a replay. */
    public const TOLERANCE_SECONDS = 300;

    /**
     * Verifies a delivery and answers its event (`type`, `timestamp`, `data`).
     *
     * @param string $rawBody the body exactly as received (`file_get_contents('php://input')`):
     *     JSON decoded and encoded again would not match
     * @param array<string, string|list<string>> $headers the request's headers, in any case:
     *     `getallheaders()`, a PSR-7 request's `getHeaders()`, or `$_SERVER` (`HTTP_WEBHOOK_ID`…)
     * @param string $secret the endpoint's `whsec_…` secret
     * @param int|null $now Unix seconds (tests); default the clock
     * @return array{type: string, timestamp: string, data: array<string, mixed>}
     * @throws WebhookVerificationException on a missing, stale or wrong signature
     */
    public static function verify(string $rawBody, array $headers, string $secret, ?int $now = null): array
    {
        $plain = self::plainHeaders($headers);
        $id = $plain['webhook-id'] ?? '';
        $timestamp = $plain['webhook-timestamp'] ?? '';
        $signatures = $plain['webhook-signature'] ?? '';
        if ($id === '' || $timestamp === '' || $signatures === '') {
            throw new WebhookVerificationException(
                'Missing webhook-id, webhook-timestamp or webhook-signature header.',
            );
        }
        if (preg_match('/^\d{1,12}$/', $timestamp) !== 1) {
            throw new WebhookVerificationException('The webhook-timestamp header is not Unix seconds.');
        }
        if (abs(($now ?? time()) - (int) $timestamp) > self::TOLERANCE_SECONDS) {
            throw new WebhookVerificationException(
                'The webhook-timestamp is more than five minutes from now: a replay?',
            );
        }
        $key = base64_decode(str_starts_with($secret, 'whsec_') ? substr($secret, 6) : $secret, true);
        if ($key === false || $key === '') {
            throw new WebhookVerificationException('The secret is not a whsec_… secret.');
        }
        $expected = base64_encode(hash_hmac('sha256', $id . '.' . $timestamp . '.' . $rawBody, $key, true));
        foreach (preg_split('/\s+/', trim($signatures)) ?: [] as $signature) {
            [$version, $value] = array_pad(explode(',', $signature, 2), 2, '');
            if ($version === 'v1' && hash_equals($expected, $value)) {
                return self::event($rawBody);
            }
        }
        throw new WebhookVerificationException('No signature matches: a wrong secret, or a body changed on the way.');
    }

    /**
     * @param array<string, string|list<string>> $headers
     * @return array<string, string>
     */
    private static function plainHeaders(array $headers): array
    {
        $plain = [];
        foreach ($headers as $name => $value) {
            $name = strtolower((string) $name);
            if (str_starts_with($name, 'http_')) {
                $name = str_replace('_', '-', substr($name, 5));
            }
            $plain[$name] = is_array($value) ? implode(' ', $value) : (string) $value;
        }
        return $plain;
    }

    /** @return array{type: string, timestamp: string, data: array<string, mixed>} */
    private static function event(string $rawBody): array
    {
        try {
            $event = json_decode($rawBody, true, 512, JSON_THROW_ON_ERROR);
        } catch (\JsonException $error) {
            throw new WebhookVerificationException('The signed body is not JSON: ' . $error->getMessage());
        }
        if (!is_array($event)) {
            throw new WebhookVerificationException('The signed body is not an event.');
        }
        return $event;
    }
}
