<?php

declare(strict_types=1);

namespace ListingSync;

/**
 * Sends one request with cURL and retries it as the TypeScript client does: on 429 and 503
 * after `Retry-After` (giving up at once when it asks for more than `maxRetryAfter`), on a 409
 * that carries `Retry-After` (the first try of the same Idempotency-Key is still running), on
 * 408 and other 5xx, timeouts and network errors after a jittered exponential backoff (0.3 s,
 * 0.6 s, 1.2 s… each drawn between 0 and that, capped at `maxDelay`). The same headers, and so
 * the same Idempotency-Key, go with every try.
 *
 * @internal the Client is the public surface
 */
final class Transport
{
    /** Statuses worth a retry: timeouts, rate limits, server faults and gateways. */
    private const RETRIED = [408, 429, 500, 502, 503, 504];
    /** Statuses whose Retry-After is obeyed. */
    private const AFTER = [409, 413, 429, 503];
    /** cURL errors that a later try may not meet: no connection, a dropped one, a timeout, a TLS handshake cut. */
    private const RETRIED_CURL = [
        CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT, CURLE_PARTIAL_FILE, CURLE_OPERATION_TIMEDOUT,
        CURLE_SSL_CONNECT_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR,
    ];

    private \CurlHandle $curl;

    /** @var callable(float): void */
    private $sleep;

    /**
     * @param array{attempts: int, maxDelay: float, maxRetryAfter: float} $retry
     * @param (callable(array{method: string, url: string, retry: int, cause: string}): void)|null $onRetry
     * @param (callable(float): void)|null $sleep waits that many seconds (tests give their own)
     */
    public function __construct(
        private readonly array $retry,
        private readonly float $timeout,
        private readonly string $userAgent,
        private readonly mixed $onRetry = null,
        ?callable $sleep = null,
    ) {
        // One handle for every request: cURL keeps the connection open between them.
        $this->curl = curl_init();
        $this->sleep = $sleep ?? static fn (float $seconds) => usleep((int) round($seconds * 1_000_000));
    }

    /**
     * @param array<string, string> $headers
     * @param string|resource|null $body a string, or a seekable stream read again on each try
     * @return array{status: int, headers: array<string, string>, body: string}
     */
    public function send(string $method, string $url, array $headers, mixed $body): array
    {
        for ($try = 1;; $try++) {
            $answer = $this->once($method, $url, $headers, $body);
            $wait = $this->retryDelay($answer, $try);
            if ($wait === null) {
                if (isset($answer['curlError'])) {
                    throw new TransportException(
                        sprintf('%s %s: no answer after %d tries (%s)', $method, $url, $try, $answer['message']),
                        $answer['curlError'],
                    );
                }
                return $answer;
            }
            $cause = isset($answer['curlError']) ? $answer['message'] : (string) $answer['status'];
            if ($this->onRetry !== null) {
                ($this->onRetry)(['method' => $method, 'url' => $url, 'retry' => $try, 'cause' => $cause]);
            }
            ($this->sleep)($wait);
        }
    }

    /**
     * Seconds to wait before the next try, or null when the answer is final.
     *
     * @param array{status?: int, headers?: array<string, string>, curlError?: int} $answer
     */
    private function retryDelay(array $answer, int $try): ?float
    {
        if ($try >= $this->retry['attempts']) {
            return null;
        }
        if (isset($answer['curlError'])) {
            return in_array($answer['curlError'], self::RETRIED_CURL, true) ? $this->backoff($try) : null;
        }
        $status = $answer['status'] ?? 0;
        $retryAfter = self::retryAfterSeconds($answer['headers']['retry-after'] ?? null);
        if ($status === 409) {
            return $retryAfter;
        }
        if (!in_array($status, self::RETRIED, true)) {
            return null;
        }
        if ($retryAfter !== null && in_array($status, self::AFTER, true)) {
            // Waiting hours for a used-up quota is not a retry: the caller gets the answer.
            return $retryAfter > $this->retry['maxRetryAfter'] ? null : $retryAfter;
        }
        return $this->backoff($try);
    }

    private function backoff(int $try): float
    {
        $ceiling = min(0.3 * 2 ** ($try - 1), $this->retry['maxDelay']);
        return $ceiling * mt_rand() / mt_getrandmax();
    }

    /** Retry-After in seconds (a number or an HTTP date), null when absent or unreadable. */
    private static function retryAfterSeconds(?string $value): ?float
    {
        if ($value === null || trim($value) === '') {
            return null;
        }
        if (is_numeric(trim($value))) {
            return max(0.0, (float) trim($value));
        }
        $when = strtotime($value);
        return $when === false ? null : max(0.0, (float) ($when - time()));
    }

    /**
     * @param array<string, string> $headers
     * @param string|resource|null $body
     * @return array{status: int, headers: array<string, string>, body: string}|array{curlError: int, message: string}
     */
    private function once(string $method, string $url, array $headers, mixed $body): array
    {
        $received = [];
        curl_reset($this->curl);
        $options = [
            CURLOPT_URL => $url,
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT_MS => (int) round($this->timeout * 1000),
            CURLOPT_CONNECTTIMEOUT_MS => (int) round(min($this->timeout, 30.0) * 1000),
            CURLOPT_USERAGENT => $this->userAgent,
            CURLOPT_HTTPHEADER => self::headerLines($headers),
            CURLOPT_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_ENCODING => '',
            CURLOPT_HEADERFUNCTION => static function ($curl, string $line) use (&$received): int {
                if (str_starts_with($line, 'HTTP/')) {
                    $received = []; // a new status line: the headers of an interim answer are not this one's
                }
                $parts = explode(':', $line, 2);
                if (count($parts) === 2) {
                    $received[strtolower(trim($parts[0]))] = trim($parts[1]);
                }
                return strlen($line);
            },
        ];
        if (is_string($body)) {
            $options[CURLOPT_POSTFIELDS] = $body;
        } elseif (is_resource($body)) {
            rewind($body);
            $size = fstat($body)['size'] ?? null;
            // Upload mode reads the body from the stream; CURLOPT_CUSTOMREQUEST keeps the method.
            $options[CURLOPT_UPLOAD] = true;
            $options[CURLOPT_READFUNCTION] = static fn ($curl, $stream, int $length): string
                => (string) fread($body, $length);
            if (is_int($size)) {
                $options[CURLOPT_INFILESIZE] = $size;
            }
        }
        curl_setopt_array($this->curl, $options);
        $text = curl_exec($this->curl);
        if ($text === false) {
            return ['curlError' => curl_errno($this->curl), 'message' => curl_error($this->curl)];
        }
        $status = curl_getinfo($this->curl, CURLINFO_RESPONSE_CODE);
        return ['status' => $status, 'headers' => $received, 'body' => (string) $text];
    }

    /**
     * @param array<string, string> $headers
     * @return list<string>
     */
    private static function headerLines(array $headers): array
    {
        $lines = ['Expect:'];
        foreach ($headers as $name => $value) {
            if (preg_match('/[\r\n]/', $name . $value) === 1) {
                throw new \InvalidArgumentException(sprintf('The header %s holds a line break.', $name));
            }
            $lines[] = $name . ': ' . $value;
        }
        return $lines;
    }
}
