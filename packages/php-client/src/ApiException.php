<?php

declare(strict_types=1);

namespace ListingSync;

/**
 * An answer the client cannot go on from: a problem the service stated (a wrong key, a refused
 * body, a finished sync session, retries that ran out), or an answer that is not the service's
 * JSON at all (a proxy's HTML error page), which keeps its status and the start of its body.
 */
final class ApiException extends \RuntimeException implements ListingSyncException
{
    /**
     * @param array<string, mixed>|null $problem the service's problem details, when it sent some
     */
    public function __construct(
        private readonly int $status,
        private readonly ?array $problem,
        string $what,
        private readonly ?string $requestId = null,
        private readonly string $bodyStart = '',
    ) {
        $code = isset($problem['code']) && is_string($problem['code']) ? ' ' . $problem['code'] : '';
        $detail = isset($problem['detail']) && is_string($problem['detail'])
            ? $problem['detail']
            : ($bodyStart !== '' ? 'not a JSON answer: ' . $bodyStart : 'no details');
        parent::__construct(sprintf('%s answered %d%s: %s', $what, $status, $code, $detail));
    }

    /** The HTTP status of the answer. */
    public function getStatus(): int
    {
        return $this->status;
    }

    /** The problem's code (`validation_error`, `rate_limit_exceeded`…), null when the answer was not a problem. */
    public function getProblemCode(): ?string
    {
        $code = $this->problem['code'] ?? null;
        return is_string($code) ? $code : null;
    }

    /**
     * The fields the service refused, on a 400 or a 422: each with `field` (a JSON pointer such as
     * `/listings/3/price`) and `message` (the rule).
     *
     * @return list<array{field: string, message: string}>
     */
    public function getErrors(): array
    {
        $errors = $this->problem['errors'] ?? [];
        return is_array($errors) ? array_values($errors) : [];
    }

    /** The request's id, to quote to the service's support; from the problem, else from the `x-request-id` header. */
    public function getRequestId(): ?string
    {
        $fromProblem = $this->problem['requestId'] ?? null;
        return is_string($fromProblem) ? $fromProblem : $this->requestId;
    }

    /**
     * The whole problem document (`type`, `title`, `status`, `code`, `detail`, `errors`, `requestId`).
     *
     * @return array<string, mixed>|null
     */
    public function getProblem(): ?array
    {
        return $this->problem;
    }

    /** The first 500 bytes of an answer that was not JSON; empty otherwise. */
    public function getBodyStart(): string
    {
        return $this->bodyStart;
    }
}
