<?php

declare(strict_types=1);

namespace ListingSync\Helpers;

use ListingSync\ApiException;

/** The audience of the agency's listings on the public site, day by day (days in Paris). */
trait ReadsPerformance
{
    /**
     * A listing's audience, one row per day: `searchAppearances`, `detailViews` and `leads`, for
     * `desktop`, `mobile` and their `total`. Without a period, the last 28 days; at most 93.
     *
     * @param array{from?: string|\DateTimeInterface, to?: string|\DateTimeInterface} $period
     *     `YYYY-MM-DD`, or a date whose day in Paris is taken; both included
     * @return array<string, mixed>
     * @throws ApiException on a bad period (400) or a listing that is not the agency's (404)
     */
    public function listingPerformance(string $serviceId, array $period = []): array
    {
        return $this->request('GET', '/v1/listings/' . rawurlencode($serviceId) . '/performance', [
            'query' => self::parisPeriod($period),
        ]);
    }

    /**
     * The daily totals of all the agency's listings, in the same shape.
     *
     * @param array{from?: string|\DateTimeInterface, to?: string|\DateTimeInterface} $period
     * @return array<string, mixed>
     * @throws ApiException
     */
    public function agencyPerformance(array $period = []): array
    {
        return $this->request('GET', '/v1/performance', ['query' => self::parisPeriod($period)]);
    }

    /**
     * @param array<string, mixed> $period
     * @return array<string, string>
     */
    private static function parisPeriod(array $period): array
    {
        $days = [];
        foreach (['from', 'to'] as $end) {
            $value = $period[$end] ?? null;
            if ($value instanceof \DateTimeInterface) {
                $value = \DateTimeImmutable::createFromInterface($value)
                    ->setTimezone(new \DateTimeZone('Europe/Paris'))->format('Y-m-d');
            }
            if ($value !== null) {
                $days[$end] = (string) $value;
            }
        }
        return $days;
    }
}
