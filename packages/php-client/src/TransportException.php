<?php

declare(strict_types=1);

namespace ListingSync;

/**
 * No answer came, after the retries: the server could not be reached, the connection dropped,
 * or every try ran past the timeout. `getCurlError()` gives cURL's error number.
 */
final class TransportException extends \RuntimeException implements ListingSyncException
{
    public function __construct(string $message, private readonly int $curlError)
    {
        parent::__construct($message);
    }

    public function getCurlError(): int
    {
        return $this->curlError;
    }
}
