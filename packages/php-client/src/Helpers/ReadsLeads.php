<?php

declare(strict_types=1);

namespace ListingSync\Helpers;

use ListingSync\ApiException;

/** The contacts the agency's listings earned, pulled back into the CRM. */
trait ReadsLeads
{
    /**
     * Every conversation of the agency that matches, oldest first, as `GET /v1/leads` pages
     * through them by its opaque cursor (without their messages: read one with
     * `getLead($leadId)`, answer with `replyToLead($leadId, ['body' => ['body' => '…']])`, file it
     * with `setLeadStatus`).
     *
     * @param array{
     *     status?: 'new'|'read'|'replied'|'archived',
     *     since?: string|\DateTimeInterface,
     *     pageSize?: int,
     * } $options
     *     `since`: only the conversations whose latest message (either side) was written at or after it
     * @return \Generator<int, array<string, mixed>>
     * @throws ApiException
     */
    public function listLeads(array $options = []): \Generator
    {
        $after = null;
        do {
            $page = $this->request('GET', '/v1/leads', ['query' => [
                'limit' => $options['pageSize'] ?? 200,
                'status' => $options['status'] ?? null,
                'since' => $options['since'] ?? null,
                'after' => $after,
            ]]);
            yield from $page['data'];
            $after = $page['nextCursor'];
        } while ($after !== null);
    }
}
