<?php

declare(strict_types=1);

namespace ListingSync;

/**
 * A client of the listing-sync service: every operation of its OpenAPI description as a method
 * (Operations, generated), `request()` for any call, and the helpers of a nightly sync
 * (pushListings, syncListings, reconcile, listLeads, the audience, importPoliris).
 *
 * Every call is retried on 429 and 503 after Retry-After, on other 5xx, timeouts and network
 * errors with a jittered backoff, six tries in all, with the same Idempotency-Key throughout.
 */
final class Client
{
    use Operations;
    use Helpers\PushesListings;
    use Helpers\ReadsListings;
    use Helpers\ReadsLeads;
    use Helpers\ReadsPerformance;
    use Helpers\ImportsPoliris;

    public const VERSION = '0.1.0';
    /** The service takes at most 500 listings a push. */
    public const MAX_BATCH = 500;
    public const DEFAULT_BASE_URL = 'http://127.0.0.1:8080';
    public const DEFAULT_RETRY = ['attempts' => 6, 'maxDelay' => 30.0, 'maxRetryAfter' => 120.0];

    private const OPTIONS = ['baseUrl', 'key', 'sandbox', 'timeout', 'retry', 'onRetry', 'sleep'];
    private const REQUEST_OPTIONS = ['query', 'body', 'idempotencyKey', 'headers'];

    private readonly string $baseUrl;
    private readonly string $key;
    private readonly Transport $transport;

    /**
     * @param array{
     *     key: string,
     *     baseUrl?: string,
     *     sandbox?: bool,
     *     timeout?: float|int,
     *     retry?: array{attempts?: int, maxDelay?: float|int, maxRetryAfter?: float|int},
     *     onRetry?: callable(array{method: string, url: string, retry: int, cause: string}): void,
     *     sleep?: callable(float): void,
     * } $options `key`: an API key (svc_pk_LIVE_… or, with `sandbox`, svc_pk_TEST_…); `baseUrl`: the
     *     service's address without /sandbox; `timeout`: seconds per try (default 120); `onRetry`:
     *     told before each retry; `sleep`: how to wait (tests)
     * @throws \InvalidArgumentException before any request, on an option the client cannot work with
     */
    public function __construct(array $options)
    {
        $unknown = array_diff(array_keys($options), self::OPTIONS);
        if ($unknown !== []) {
            throw new \InvalidArgumentException('Unknown option(s): ' . implode(', ', $unknown)
                . '. Known: ' . implode(', ', self::OPTIONS) . '.');
        }
        $this->baseUrl = self::checkedBaseUrl($options['baseUrl'] ?? self::DEFAULT_BASE_URL)
            . (($options['sandbox'] ?? false) ? '/sandbox' : '');
        $key = $options['key'] ?? '';
        if (!is_string($key) || trim($key) === '' || preg_match('/\s/', $key) === 1) {
            throw new \InvalidArgumentException(
                'The key is empty or holds spaces: give an API key, svc_pk_LIVE_… or svc_pk_TEST_….',
            );
        }
        $this->key = $key;
        $timeout = (float) ($options['timeout'] ?? 120);
        if ($timeout <= 0) {
            throw new \InvalidArgumentException('The timeout is in seconds per try, and must be above 0.');
        }
        $retry = array_merge(self::DEFAULT_RETRY, $options['retry'] ?? []);
        if ((int) $retry['attempts'] < 1) {
            throw new \InvalidArgumentException('retry.attempts counts the first try: at least 1.');
        }
        $this->transport = new Transport(
            ['attempts' => (int) $retry['attempts'], 'maxDelay' => (float) $retry['maxDelay'],
                'maxRetryAfter' => (float) $retry['maxRetryAfter']],
            $timeout,
            sprintf('listing-sync-php/%s PHP/%s', self::VERSION, PHP_VERSION),
            $options['onRetry'] ?? null,
            $options['sleep'] ?? null,
        );
    }

    /** The address calls go to, `/sandbox` included with a TEST key. */
    public function baseUrl(): string
    {
        return $this->baseUrl;
    }

    /**
     * Calls the service and answers the decoded JSON (arrays), or null for an answer without a body.
     *
     * @param string $path from the service's root, e.g. `/v1/leads` (path parameters already encoded)
     * @param array{
     *     query?: array<string, mixed>,
     *     body?: array<mixed>|object|string|resource,
     *     idempotencyKey?: string,
     *     headers?: array<string, string>,
     * } $options `body`: an array is sent as JSON; a string or a stream as it is (set its content-type
     *     in `headers`); `idempotencyKey`: replays the first answer to a retried write
     * @throws ApiException on an answer that is not a success, or not JSON
     * @throws TransportException when no answer came after the retries
     */
    public function request(string $method, string $path, array $options = []): mixed
    {
        $unknown = array_diff(array_keys($options), self::REQUEST_OPTIONS);
        if ($unknown !== []) {
            throw new \InvalidArgumentException('Unknown request option(s): ' . implode(', ', $unknown) . '.');
        }
        if (!str_starts_with($path, '/')) {
            throw new \InvalidArgumentException(sprintf('The path must start with "/": %s.', $path));
        }
        $method = strtoupper($method);
        $url = $this->baseUrl . $path . self::queryString($options['query'] ?? []);
        $headers = ['accept' => 'application/json', 'authorization' => 'Bearer ' . $this->key];
        $body = $options['body'] ?? null;
        if (is_array($body) || is_object($body)) {
            $body = json_encode($body, JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES
                | JSON_PRESERVE_ZERO_FRACTION);
            $headers['content-type'] = 'application/json';
        }
        if (isset($options['idempotencyKey'])) {
            $headers['idempotency-key'] = $options['idempotencyKey'];
        }
        foreach ($options['headers'] ?? [] as $name => $value) {
            $headers[strtolower($name)] = $value;
        }
        $answer = $this->transport->send($method, $url, $headers, $body);
        return self::decoded($answer, $method . ' ' . $path);
    }

    /** A new Idempotency-Key (a random UUID): one per write, kept across its retries. */
    public static function newIdempotencyKey(): string
    {
        $bytes = random_bytes(16);
        $bytes[6] = chr((ord($bytes[6]) & 0x0f) | 0x40);
        $bytes[8] = chr((ord($bytes[8]) & 0x3f) | 0x80);
        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));
    }

    private static function checkedBaseUrl(mixed $url): string
    {
        $parts = is_string($url) ? parse_url($url) : false;
        if (
            $parts === false || !in_array(strtolower($parts['scheme'] ?? ''), ['http', 'https'], true)
            || ($parts['host'] ?? '') === '' || isset($parts['query']) || isset($parts['fragment'])
        ) {
            throw new \InvalidArgumentException(sprintf(
                'The base URL must be an http:// or https:// address with a host, such as %s; got %s.',
                self::DEFAULT_BASE_URL,
                var_export($url, true),
            ));
        }
        return rtrim($url, '/');
    }

    /** @param array<string, mixed> $query */
    private static function queryString(array $query): string
    {
        $plain = [];
        foreach ($query as $name => $value) {
            if ($value === null) {
                continue;
            }
            $plain[$name] = match (true) {
                is_bool($value) => $value ? 'true' : 'false',
                $value instanceof \DateTimeInterface => $value->format(\DateTimeInterface::RFC3339),
                default => $value,
            };
        }
        return $plain === [] ? '' : '?' . http_build_query($plain, '', '&', PHP_QUERY_RFC3986);
    }

    /** @param array{status: int, headers: array<string, string>, body: string} $answer */
    private static function decoded(array $answer, string $what): mixed
    {
        $status = $answer['status'];
        $isJson = preg_match('~^application/([a-z.+-]+\+)?json~i', $answer['headers']['content-type'] ?? '') === 1;
        $decoded = null;
        if ($isJson && $answer['body'] !== '') {
            try {
                $decoded = json_decode($answer['body'], true, 512, JSON_THROW_ON_ERROR);
            } catch (\JsonException) {
                $isJson = false;
            }
        }
        $requestId = $answer['headers']['x-request-id'] ?? null;
        if ($status >= 200 && $status < 300 && ($isJson || $answer['body'] === '')) {
            return $decoded;
        }
        if (!$isJson) {
            $start = mb_strcut($answer['body'], 0, 500, 'UTF-8');
            throw new ApiException($status, null, $what, $requestId, $start === '' ? '(empty)' : $start);
        }
        throw new ApiException($status, is_array($decoded) ? $decoded : null, $what, $requestId);
    }
}
