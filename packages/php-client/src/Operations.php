<?php

/**
 * Generated from the listing-sync OpenAPI description by `npm run client:php`: do not edit.
 * Regenerate it at the repository root when the service's operations or schemas change.
 */

declare(strict_types=1);

namespace ListingSync;

/**
 * The service's operations, one method each, named after their operationId; each one is a call to request().
 * The array shapes are those of the OpenAPI description: what the options carry, what the answer decodes to.
 *
 * @phpstan-type Problem array{
 *     type: string,
 *     title: string,
 *     status: int,
 *     code: (
 *         'validation_error'|'unauthorized'|'forbidden'|'not_found'|'method_not_allowed'|'conflict'
 *         |'precondition_failed'|'payload_too_large'|'unsupported_media_type'|'business_error'|'rate_limit_exceeded'
 *         |'server_error'|'service_unavailable'
 *     ),
 *     detail: string,
 *     errors?: list<array{field: string, message: string}>,
 *     requestId: string
 * }
 *
 * @phpstan-type ListingCreate array{
 *     externalId: string,
 *     type: 'sale'|'rental'|'life_annuity_sale',
 *     category: 'apartment'|'house'|'duplex'|'studio'|'land'|'parking'|'loft'|'commercial'|'office',
 *     title: string,
 *     description?: string|null,
 *     price: int,
 *     priceUnit?: string,
 *     city: string,
 *     postcode: string,
 *     surface: int,
 *     rooms: int,
 *     bedrooms?: int|null,
 *     dpe?: 'A'|'B'|'C'|'D'|'E'|'F'|'G'|null,
 *     ges?: 'A'|'B'|'C'|'D'|'E'|'F'|'G'|null,
 *     photos?: list<array{url: string, label?: string|null, order: int}>,
 *     fees?: array{
 *         agencyFees?: int|null,
 *         feesPaidBy?: 'seller'|'buyer'|'landlord'|'tenant'|null,
 *         feeIncluded?: bool|null
 *     }|null,
 *     charges?: int|null,
 *     floor?: int|null,
 *     reference?: string|null,
 *     neighborhood?: string|null,
 *     addressLine?: string|null,
 *     features?: list<string>,
 *     sourceCrm?: 'crm_1'|'crm_2'|'crm_3'|'crm_4'|'other'|null,
 *     shareWithService?: bool,
 *     shareWithRelay?: bool,
 *     createdAtExternal?: string|null,
 *     updatedAtExternal?: string|null,
 *     dpeValue?: int|null,
 *     gesValue?: int|null,
 *     energyCostMin?: int|null,
 *     energyCostMax?: int|null,
 *     energyCostReferenceYear?: int|null,
 *     dpeDate?: string|null,
 *     furnished?: bool|null,
 *     deposit?: int|null,
 *     tenantFees?: int|null,
 *     tenantInventoryFees?: int|null,
 *     rentControlled?: bool|null,
 *     referenceRent?: float|int|null,
 *     rentSupplement?: int|null,
 *     feesPercent?: float|int|null,
 *     occupied?: bool|null,
 *     lumpSum?: int|null,
 *     annuity?: int|null,
 *     marketValue?: int|null,
 *     georisques?: bool|null
 * }
 *
 * @phpstan-type ListingRecord array{
 *     serviceId: string,
 *     externalId: string,
 *     status: 'pending_moderation'|'rejected'|'active'|'under_offer'|'paused'|'sold'|'rented'|'withdrawn',
 *     commercialStatus: 'active'|'under_offer'|'paused'|'sold'|'rented'|'withdrawn',
 *     version: int,
 *     publicUrl: string,
 *     createdAt: string,
 *     updatedAt: string,
 *     moderation: array{
 *         state: 'pending'|'approved'|'rejected',
 *         reasons: list<array{code: string, severity: 'reject'|'review'|'note', message: string, messageFr: string}>,
 *         decidedAt: string|null,
 *         publishedVersion: int|null
 *     },
 *     type: 'sale'|'rental'|'life_annuity_sale',
 *     category: 'apartment'|'house'|'duplex'|'studio'|'land'|'parking'|'loft'|'commercial'|'office',
 *     title: string,
 *     description: string|null,
 *     publicTitle: string,
 *     publicDescription: string|null,
 *     price: int,
 *     priceUnit: string,
 *     city: string,
 *     postcode: string,
 *     surface: int,
 *     rooms: int,
 *     bedrooms: int|null,
 *     dpe: 'A'|'B'|'C'|'D'|'E'|'F'|'G'|null,
 *     ges: 'A'|'B'|'C'|'D'|'E'|'F'|'G'|null,
 *     photos: list<array{url: string, label?: string|null, order: int}>,
 *     fees: array{
 *         agencyFees?: int|null,
 *         feesPaidBy?: 'seller'|'buyer'|'landlord'|'tenant'|null,
 *         feeIncluded?: bool|null
 *     }|null,
 *     charges: int|null,
 *     floor: int|null,
 *     reference: string|null,
 *     neighborhood: string|null,
 *     addressLine: string|null,
 *     features: list<string>,
 *     sourceCrm: 'crm_1'|'crm_2'|'crm_3'|'crm_4'|'other'|null,
 *     shareWithService: bool,
 *     shareWithRelay: bool,
 *     createdAtExternal: string|null,
 *     updatedAtExternal: string|null,
 *     dpeValue: int|null,
 *     gesValue: int|null,
 *     energyCostMin: int|null,
 *     energyCostMax: int|null,
 *     energyCostReferenceYear: int|null,
 *     dpeDate: string|null,
 *     furnished: bool|null,
 *     deposit: int|null,
 *     tenantFees: int|null,
 *     tenantInventoryFees: int|null,
 *     rentControlled: bool|null,
 *     referenceRent: float|int|null,
 *     rentSupplement: int|null,
 *     feesPercent: float|int|null,
 *     occupied: bool|null,
 *     lumpSum: int|null,
 *     annuity: int|null,
 *     marketValue: int|null,
 *     georisques: bool|null,
 *     location: array{
 *         inseeCode: string|null,
 *         commune: string|null,
 *         departmentCode: string|null,
 *         department: string|null,
 *         regionCode: string|null,
 *         region: string|null
 *     },
 *     compliance: list<array{
 *         code: (
 *             'energy_classes_missing'|'energy_cost_missing'|'excessive_consumption_mention'|'rental_energy_class'
 *             |'buyer_fees_incomplete'|'rental_terms_missing'|'reference_rent_missing'|'georisques_mention'
 *         ),
 *         message: string,
 *         messageFr: string
 *     }>
 * }
 *
 * @phpstan-type ListingUpdate array{
 *     externalId?: string,
 *     type?: 'sale'|'rental'|'life_annuity_sale',
 *     category?: 'apartment'|'house'|'duplex'|'studio'|'land'|'parking'|'loft'|'commercial'|'office',
 *     title?: string,
 *     description?: string|null,
 *     price?: int,
 *     priceUnit?: string,
 *     city?: string,
 *     postcode?: string,
 *     surface?: int,
 *     rooms?: int,
 *     bedrooms?: int|null,
 *     dpe?: 'A'|'B'|'C'|'D'|'E'|'F'|'G'|null,
 *     ges?: 'A'|'B'|'C'|'D'|'E'|'F'|'G'|null,
 *     photos?: list<array{url: string, label?: string|null, order: int}>,
 *     fees?: array{
 *         agencyFees?: int|null,
 *         feesPaidBy?: 'seller'|'buyer'|'landlord'|'tenant'|null,
 *         feeIncluded?: bool|null
 *     }|null,
 *     charges?: int|null,
 *     floor?: int|null,
 *     reference?: string|null,
 *     neighborhood?: string|null,
 *     addressLine?: string|null,
 *     features?: list<string>,
 *     sourceCrm?: 'crm_1'|'crm_2'|'crm_3'|'crm_4'|'other'|null,
 *     shareWithService?: bool,
 *     shareWithRelay?: bool,
 *     createdAtExternal?: string|null,
 *     updatedAtExternal?: string|null,
 *     dpeValue?: int|null,
 *     gesValue?: int|null,
 *     energyCostMin?: int|null,
 *     energyCostMax?: int|null,
 *     energyCostReferenceYear?: int|null,
 *     dpeDate?: string|null,
 *     furnished?: bool|null,
 *     deposit?: int|null,
 *     tenantFees?: int|null,
 *     tenantInventoryFees?: int|null,
 *     rentControlled?: bool|null,
 *     referenceRent?: float|int|null,
 *     rentSupplement?: int|null,
 *     feesPercent?: float|int|null,
 *     occupied?: bool|null,
 *     lumpSum?: int|null,
 *     annuity?: int|null,
 *     marketValue?: int|null,
 *     georisques?: bool|null
 * }
 *
 * @phpstan-type IngestListing array{
 *     externalId: string,
 *     title: string,
 *     transaction: 'VENTE'|'LOCATION'|'VIAGER',
 *     type: 'APPARTEMENT'|'MAISON'|'DUPLEX'|'STUDIO'|'TERRAIN'|'PARKING'|'LOFT'|'LOCAL'|'BUREAU',
 *     price: int,
 *     charges?: int|null,
 *     surface: int,
 *     rooms: int,
 *     bedrooms?: int|null,
 *     floor?: int|null,
 *     city: string,
 *     postcode: string,
 *     reference?: string|null,
 *     neighborhood?: string|null,
 *     addressLine?: string|null,
 *     dpe?: 'A'|'B'|'C'|'D'|'E'|'F'|'G'|null,
 *     ges?: 'A'|'B'|'C'|'D'|'E'|'F'|'G'|null,
 *     description?: string|null,
 *     features?: list<string>|null,
 *     imageUrls?: list<string>|null,
 *     status?: 'active'|'sold'|'rented'|'under_offer'|'withdrawn'|null,
 *     sourceCrm?: 'crm_1'|'crm_2'|'crm_3'|'crm_4'|'other'|null,
 *     fees?: array{
 *         agencyFees?: int|null,
 *         feesPaidBy?: 'seller'|'buyer'|'landlord'|'tenant'|null,
 *         feeIncluded?: bool|null
 *     }|null,
 *     shareWithService?: bool,
 *     shareWithRelay?: bool,
 *     createdAtExternal?: string|null,
 *     updatedAtExternal?: string|null,
 *     dpeValue?: int|null,
 *     gesValue?: int|null,
 *     energyCostMin?: int|null,
 *     energyCostMax?: int|null,
 *     energyCostReferenceYear?: int|null,
 *     dpeDate?: string|null,
 *     furnished?: bool|null,
 *     deposit?: int|null,
 *     tenantFees?: int|null,
 *     tenantInventoryFees?: int|null,
 *     rentControlled?: bool|null,
 *     referenceRent?: float|int|null,
 *     rentSupplement?: int|null,
 *     feesPercent?: float|int|null,
 *     occupied?: bool|null,
 *     lumpSum?: int|null,
 *     annuity?: int|null,
 *     marketValue?: int|null,
 *     georisques?: bool|null
 * }
 */
trait Operations
{
    abstract public function request(string $method, string $path, array $options = []): mixed;

    /**
     * The calling key, its agency and its remaining quota
     *
     * Needs only a valid key. Tells the agency and its plan (batch size, webhooks), the key (display form, environment,
     * scopes, created, last used) and every quota with its limit, used, remaining and reset.
     *
     * @param array{headers?: array<string, string>} $options
     * @return array{
     *     agency: array{
     *         agencyId: string,
     *         name: string,
     *         plan: 'solo'|'agence'|'reseau',
     *         planName: 'Pro Solo'|'Pro Agence'|'Pro Réseau',
     *         verified: bool,
     *         batchSize: int,
     *         webhooks: int
     *     },
     *     key: array{
     *         keyId: string,
     *         name: string,
     *         display: string,
     *         env: 'live'|'test',
     *         scopes: list<(
     *             'listings:read'|'listings:write'|'listings:delete'|'webhooks:manage'|'leads:read'|'leads:write'
     *         )>,
     *         createdAt: string,
     *         lastUsedAt: string|null
     *     },
     *     quotas: list<array{name: 'key'|'plan', limit: int, used: int, remaining: int, reset: int}>
     * }
     * @throws ApiException
     */
    public function getMe(array $options = []): mixed
    {
        return $this->request('GET', '/v1/me', $options);
    }

    /**
     * The agency’s listings, newest change first
     *
     * Filters: status (a v1 status), modifiedSince (ISO 8601), departmentCode and regionCode (the listing’s location,
     * docs/geography.md). Pages from 1; pageSize 1–200, default 50.
     *
     * @param array{
     *     query?: array{
     *         status?: 'pending_moderation'|'rejected'|'active'|'under_offer'|'paused'|'sold'|'rented'|'withdrawn',
     *         page?: int,
     *         pageSize?: int,
     *         modifiedSince?: string,
     *         departmentCode?: string,
     *         regionCode?: string
     *     },
     *     headers?: array<string, string>
     * } $options
     * @return array{data: list<ListingRecord>, page: int, pageSize: int, total: int, hasMore: bool}
     * @throws ApiException
     */
    public function listListings(array $options = []): mixed
    {
        return $this->request('GET', '/v1/listings', $options);
    }

    /**
     * Create or update a listing by externalId (upsert)
     *
     * 201 with the creation result when the listing is created (version 1; status active when the automatic check
     * approved it in this request, pending_moderation when it waits for an operator); 200 with the same shape when it
     * is updated, or when the content equals what is stored (outcome unchanged, no new version). With If-None-Match: *
     * the call only creates: an externalId already used is 409. warnings[] gives the remarks a push of the same listing
     * would: a long title, contact details masked (naming the field they were in). The body is the whole listing: sent
     * again, it replaces what is stored, so an optional field left out is cleared (photos empty, fees null). To change
     * some fields only, use PUT /v1/listings/{serviceId}.
     *
     * Header if-none-match (in `headers`): "*": create only.
     *
     * @param array{body: ListingCreate, idempotencyKey?: string, headers?: array<string, string>} $options
     * @return array{
     *     ok: bool,
     *     serviceId: string,
     *     externalId: string,
     *     status: 'pending_moderation'|'rejected'|'active'|'under_offer'|'paused'|'sold'|'rented'|'withdrawn',
     *     publicUrl: string,
     *     version: int,
     *     createdAt: string,
     *     outcome: 'created'|'updated'|'unchanged',
     *     warnings: list<array{
     *         code: 'title_long'|'contact_details_masked'|'postcode_city_mismatch'|'postcode_unknown',
     *         field: 'title'|'description'|'city'|'postcode',
     *         message: string,
     *         messageFr: string
     *     }>,
     *     compliance: list<array{
     *         code: (
     *             'energy_classes_missing'|'energy_cost_missing'|'excessive_consumption_mention'|'rental_energy_class'
     *             |'buyer_fees_incomplete'|'rental_terms_missing'|'reference_rent_missing'|'georisques_mention'
     *         ),
     *         message: string,
     *         messageFr: string
     *     }>,
     *     moderation: array{
     *         state: 'pending'|'approved'|'rejected',
     *         reasons: list<array{
     *             code: string,
     *             severity: 'reject'|'review'|'note',
     *             message: string,
     *             messageFr: string
     *         }>,
     *         publishedVersion: int|null
     *     }
     * }
     * @throws ApiException
     */
    public function upsertListing(array $options = []): mixed
    {
        return $this->request('POST', '/v1/listings', $options);
    }

    /**
     * One listing by service identifier
     *
     * The full record in v1 names, with addressLine (owner only), publicDescription as the site shows it, and ETag
     * "v{version}".
     *
     * @param string $serviceId The listing’s serviceId.
     * @param array{headers?: array<string, string>} $options
     * @return ListingRecord
     * @throws ApiException
     */
    public function getListing(string $serviceId, array $options = []): mixed
    {
        return $this->request('GET', '/v1/listings/' . rawurlencode($serviceId), $options);
    }

    /**
     * Update a listing; only the fields given change
     *
     * A partial body is accepted. The version grows by 1 when something changes. A new externalId already used by the
     * agency is 409.
     *
     * Header if-match (in `headers`): ETag "v{version}" of the listing: refuse (412) if it changed since.
     *
     * @param string $serviceId The listing’s serviceId.
     * @param array{body: ListingUpdate, idempotencyKey?: string, headers?: array<string, string>} $options
     * @return array{
     *     serviceId: string,
     *     externalId: string,
     *     status: 'pending_moderation'|'rejected'|'active'|'under_offer'|'paused'|'sold'|'rented'|'withdrawn',
     *     commercialStatus: 'active'|'under_offer'|'paused'|'sold'|'rented'|'withdrawn',
     *     version: int,
     *     publicUrl: string,
     *     createdAt: string,
     *     updatedAt: string,
     *     moderation: array{
     *         state: 'pending'|'approved'|'rejected',
     *         reasons: list<array{
     *             code: string,
     *             severity: 'reject'|'review'|'note',
     *             message: string,
     *             messageFr: string
     *         }>,
     *         decidedAt: string|null,
     *         publishedVersion: int|null
     *     },
     *     type: 'sale'|'rental'|'life_annuity_sale',
     *     category: 'apartment'|'house'|'duplex'|'studio'|'land'|'parking'|'loft'|'commercial'|'office',
     *     title: string,
     *     description: string|null,
     *     publicTitle: string,
     *     publicDescription: string|null,
     *     price: int,
     *     priceUnit: string,
     *     city: string,
     *     postcode: string,
     *     surface: int,
     *     rooms: int,
     *     bedrooms: int|null,
     *     dpe: 'A'|'B'|'C'|'D'|'E'|'F'|'G'|null,
     *     ges: 'A'|'B'|'C'|'D'|'E'|'F'|'G'|null,
     *     photos: list<array{url: string, label?: string|null, order: int}>,
     *     fees: array{
     *         agencyFees?: int|null,
     *         feesPaidBy?: 'seller'|'buyer'|'landlord'|'tenant'|null,
     *         feeIncluded?: bool|null
     *     }|null,
     *     charges: int|null,
     *     floor: int|null,
     *     reference: string|null,
     *     neighborhood: string|null,
     *     addressLine: string|null,
     *     features: list<string>,
     *     sourceCrm: 'crm_1'|'crm_2'|'crm_3'|'crm_4'|'other'|null,
     *     shareWithService: bool,
     *     shareWithRelay: bool,
     *     createdAtExternal: string|null,
     *     updatedAtExternal: string|null,
     *     dpeValue: int|null,
     *     gesValue: int|null,
     *     energyCostMin: int|null,
     *     energyCostMax: int|null,
     *     energyCostReferenceYear: int|null,
     *     dpeDate: string|null,
     *     furnished: bool|null,
     *     deposit: int|null,
     *     tenantFees: int|null,
     *     tenantInventoryFees: int|null,
     *     rentControlled: bool|null,
     *     referenceRent: float|int|null,
     *     rentSupplement: int|null,
     *     feesPercent: float|int|null,
     *     occupied: bool|null,
     *     lumpSum: int|null,
     *     annuity: int|null,
     *     marketValue: int|null,
     *     georisques: bool|null,
     *     location: array{
     *         inseeCode: string|null,
     *         commune: string|null,
     *         departmentCode: string|null,
     *         department: string|null,
     *         regionCode: string|null,
     *         region: string|null
     *     },
     *     compliance: list<array{
     *         code: (
     *             'energy_classes_missing'|'energy_cost_missing'|'excessive_consumption_mention'|'rental_energy_class'
     *             |'buyer_fees_incomplete'|'rental_terms_missing'|'reference_rent_missing'|'georisques_mention'
     *         ),
     *         message: string,
     *         messageFr: string
     *     }>,
     *     warnings: list<array{
     *         code: 'title_long'|'contact_details_masked'|'postcode_city_mismatch'|'postcode_unknown',
     *         field: 'title'|'description'|'city'|'postcode',
     *         message: string,
     *         messageFr: string
     *     }>
     * }
     * @throws ApiException
     */
    public function updateListing(string $serviceId, array $options = []): mixed
    {
        return $this->request('PUT', '/v1/listings/' . rawurlencode($serviceId), $options);
    }

    /**
     * Remove a listing (soft delete)
     *
     * The listing leaves the public site and every read at once; it is kept for audit. Pushing its externalId again
     * creates it anew.
     *
     * Header if-match (in `headers`): ETag "v{version}" of the listing: refuse (412) if it changed since.
     *
     * @param string $serviceId The listing’s serviceId.
     * @param array{idempotencyKey?: string, headers?: array<string, string>} $options
     * @return array{serviceId: string, deleted: true}
     * @throws ApiException
     */
    public function deleteListing(string $serviceId, array $options = []): mixed
    {
        return $this->request('DELETE', '/v1/listings/' . rawurlencode($serviceId), $options);
    }

    /**
     * One listing by the agency’s identifier
     *
     * Same record as GET /v1/listings/{serviceId}, found by the agency’s externalId.
     *
     * @param string $externalId The agency’s identifier of the listing.
     * @param array{headers?: array<string, string>} $options
     * @return ListingRecord
     * @throws ApiException
     */
    public function getListingByExternalId(string $externalId, array $options = []): mixed
    {
        return $this->request('GET', '/v1/listings/by-external/' . rawurlencode($externalId), $options);
    }

    /**
     * Change the commercial status
     *
     * Any source state is allowed. The v1 status stays pending_moderation until moderation approves the listing;
     * commercialStatus shows the new value.
     *
     * Header if-match (in `headers`): ETag "v{version}" of the listing: refuse (412) if it changed since.
     *
     * @param string $serviceId The listing’s serviceId.
     * @param array{
     *     body: array{status: 'active'|'paused'|'sold'|'rented'|'withdrawn'},
     *     idempotencyKey?: string,
     *     headers?: array<string, string>
     * } $options
     * @return ListingRecord
     * @throws ApiException
     */
    public function setListingStatus(string $serviceId, array $options = []): mixed
    {
        return $this->request('PATCH', '/v1/listings/' . rawurlencode($serviceId) . '/status', $options);
    }

    /**
     * Create or update several listings; one outcome per item
     *
     * At most the plan’s batch size (Solo 10, Agence 50, Réseau 100); more is 400. Each item is an upsert by
     * externalId; a bad item is reported in results[] with its error and never stops the others. Always 200 when the
     * request itself is well-formed. Each accepted item carries the same warnings as a push of it would.
     *
     * @param array{
     *     body: array{listings: list<ListingCreate>},
     *     idempotencyKey?: string,
     *     headers?: array<string, string>
     * } $options
     * @return array{
     *     processed: int,
     *     created: int,
     *     updated: int,
     *     unchanged: int,
     *     failed: int,
     *     results: list<array{
     *         index: int,
     *         externalId: string|null,
     *         outcome: 'created'|'updated'|'unchanged'|'error',
     *         serviceId: string|null,
     *         version: int|null,
     *         error: array{
     *             code: 'validation_error'|'business_error'|'conflict',
     *             message: string,
     *             errors: list<array{field: string, message: string}>
     *         }|null,
     *         warnings: list<array{
     *             code: 'title_long'|'contact_details_masked'|'postcode_city_mismatch'|'postcode_unknown',
     *             field: 'title'|'description'|'city'|'postcode',
     *             message: string,
     *             messageFr: string
     *         }>,
     *         compliance: list<(
     *             'energy_classes_missing'|'energy_cost_missing'|'excessive_consumption_mention'|'rental_energy_class'
     *             |'buyer_fees_incomplete'|'rental_terms_missing'|'reference_rent_missing'|'georisques_mention'
     *         )>,
     *         moderation: array{
     *             state: 'pending'|'approved'|'rejected',
     *             reasons: list<array{code: string, severity: 'reject'|'review'|'note'}>,
     *             publishedVersion: int|null
     *         }|null
     *     }>
     * }
     * @throws ApiException
     */
    public function batchUpsertListings(array $options = []): mixed
    {
        return $this->request('POST', '/v1/listings/batch', $options);
    }

    /**
     * List the webhook endpoints
     *
     * @param array{headers?: array<string, string>} $options
     * @return array{
     *     webhooks: list<array{
     *         webhookId: string,
     *         env: 'live'|'test',
     *         url: string,
     *         description: string|null,
     *         events: list<(
     *             'listing.created'|'listing.updated'|'listing.status_changed'|'listing.deleted'|'listing.published'
     *             |'listing.rejected'|'lead.received'|'lead.message_received'|'webhook.test'
     *         )>|null,
     *         enabled: bool,
     *         disabledReason: 'manual'|'failing'|null,
     *         disabledAt: string|null,
     *         failingSince: string|null,
     *         previousSecretValidUntil: string|null,
     *         createdAt: string,
     *         updatedAt: string
     *     }>
     * }
     * @throws ApiException
     */
    public function listWebhooks(array $options = []): mixed
    {
        return $this->request('GET', '/v1/webhooks', $options);
    }

    /**
     * Create a webhook endpoint
     *
     * Plans allow 0 (Pro Solo), 1 (Pro Agence) or 3 (Pro Réseau) endpoints per environment, disabled ones included;
     * over the cap: 403 naming the plan. The answer holds the signing secret, shown this once. The endpoint receives
     * the events committed from now on.
     *
     * @param array{
     *     body: array{
     *         url: string,
     *         events?: list<(
     *             'listing.created'|'listing.updated'|'listing.status_changed'|'listing.deleted'|'listing.published'
     *             |'listing.rejected'|'lead.received'|'lead.message_received'|'webhook.test'
     *         )>|null,
     *         description?: string|null,
     *         enabled?: bool
     *     },
     *     idempotencyKey?: string,
     *     headers?: array<string, string>
     * } $options
     * @return array{
     *     webhook: array{
     *         webhookId: string,
     *         env: 'live'|'test',
     *         url: string,
     *         description: string|null,
     *         events: list<(
     *             'listing.created'|'listing.updated'|'listing.status_changed'|'listing.deleted'|'listing.published'
     *             |'listing.rejected'|'lead.received'|'lead.message_received'|'webhook.test'
     *         )>|null,
     *         enabled: bool,
     *         disabledReason: 'manual'|'failing'|null,
     *         disabledAt: string|null,
     *         failingSince: string|null,
     *         previousSecretValidUntil: string|null,
     *         createdAt: string,
     *         updatedAt: string
     *     },
     *     secret: string
     * }
     * @throws ApiException
     */
    public function createWebhook(array $options = []): mixed
    {
        return $this->request('POST', '/v1/webhooks', $options);
    }

    /**
     * One webhook endpoint
     *
     * @param string $webhookId The endpoint’s id (whk_…).
     * @param array{headers?: array<string, string>} $options
     * @return array{
     *     webhookId: string,
     *     env: 'live'|'test',
     *     url: string,
     *     description: string|null,
     *     events: list<(
     *         'listing.created'|'listing.updated'|'listing.status_changed'|'listing.deleted'|'listing.published'
     *         |'listing.rejected'|'lead.received'|'lead.message_received'|'webhook.test'
     *     )>|null,
     *     enabled: bool,
     *     disabledReason: 'manual'|'failing'|null,
     *     disabledAt: string|null,
     *     failingSince: string|null,
     *     previousSecretValidUntil: string|null,
     *     createdAt: string,
     *     updatedAt: string
     * }
     * @throws ApiException
     */
    public function getWebhook(string $webhookId, array $options = []): mixed
    {
        return $this->request('GET', '/v1/webhooks/' . rawurlencode($webhookId), $options);
    }

    /**
     * Delete a webhook endpoint and its delivery log
     *
     * @param string $webhookId The endpoint’s id (whk_…).
     * @param array{idempotencyKey?: string, headers?: array<string, string>} $options
     * @return array{webhookId: string, deleted: true}
     * @throws ApiException
     */
    public function deleteWebhook(string $webhookId, array $options = []): mixed
    {
        return $this->request('DELETE', '/v1/webhooks/' . rawurlencode($webhookId), $options);
    }

    /**
     * Change a webhook endpoint (URL, events, description, enabled)
     *
     * @param string $webhookId The endpoint’s id (whk_…).
     * @param array{
     *     body: array{
     *         url?: string,
     *         events?: list<(
     *             'listing.created'|'listing.updated'|'listing.status_changed'|'listing.deleted'|'listing.published'
     *             |'listing.rejected'|'lead.received'|'lead.message_received'|'webhook.test'
     *         )>|null,
     *         description?: string|null,
     *         enabled?: bool
     *     },
     *     idempotencyKey?: string,
     *     headers?: array<string, string>
     * } $options
     * @return array{
     *     webhookId: string,
     *     env: 'live'|'test',
     *     url: string,
     *     description: string|null,
     *     events: list<(
     *         'listing.created'|'listing.updated'|'listing.status_changed'|'listing.deleted'|'listing.published'
     *         |'listing.rejected'|'lead.received'|'lead.message_received'|'webhook.test'
     *     )>|null,
     *     enabled: bool,
     *     disabledReason: 'manual'|'failing'|null,
     *     disabledAt: string|null,
     *     failingSince: string|null,
     *     previousSecretValidUntil: string|null,
     *     createdAt: string,
     *     updatedAt: string
     * }
     * @throws ApiException
     */
    public function updateWebhook(string $webhookId, array $options = []): mixed
    {
        return $this->request('PATCH', '/v1/webhooks/' . rawurlencode($webhookId), $options);
    }

    /**
     * Replace the signing secret
     *
     * The new secret is in this answer only. For 24 hours every delivery carries two signatures in webhook-signature
     * (the new secret’s and the previous one’s), so receivers verify with either while they switch; afterwards the new
     * secret alone signs.
     *
     * @param string $webhookId The endpoint’s id (whk_…).
     * @param array{idempotencyKey?: string, headers?: array<string, string>} $options
     * @return array{
     *     webhook: array{
     *         webhookId: string,
     *         env: 'live'|'test',
     *         url: string,
     *         description: string|null,
     *         events: list<(
     *             'listing.created'|'listing.updated'|'listing.status_changed'|'listing.deleted'|'listing.published'
     *             |'listing.rejected'|'lead.received'|'lead.message_received'|'webhook.test'
     *         )>|null,
     *         enabled: bool,
     *         disabledReason: 'manual'|'failing'|null,
     *         disabledAt: string|null,
     *         failingSince: string|null,
     *         previousSecretValidUntil: string|null,
     *         createdAt: string,
     *         updatedAt: string
     *     },
     *     secret: string
     * }
     * @throws ApiException
     */
    public function rotateWebhookSecret(string $webhookId, array $options = []): mixed
    {
        return $this->request('POST', '/v1/webhooks/' . rawurlencode($webhookId) . '/rotate-secret', $options);
    }

    /**
     * Send a webhook.test message
     *
     * Queued at once, signed and retried like any event; follow it in the delivery log. A disabled endpoint is 409.
     *
     * @param string $webhookId The endpoint’s id (whk_…).
     * @param array{idempotencyKey?: string, headers?: array<string, string>} $options
     * @return array{deliveryId: string}
     * @throws ApiException
     */
    public function testWebhook(string $webhookId, array $options = []): mixed
    {
        return $this->request('POST', '/v1/webhooks/' . rawurlencode($webhookId) . '/test', $options);
    }

    /**
     * The endpoint’s delivery log, newest first
     *
     * Each delivery with its attempts: time, HTTP status, latency, the first KiB of the answer, or why it failed. Kept
     * 30 days.
     *
     * @param string $webhookId The endpoint’s id (whk_…).
     * @param array{
     *     query?: array{state?: 'pending'|'succeeded'|'failed', before?: string, limit?: int},
     *     headers?: array<string, string>
     * } $options
     * @return array{
     *     deliveries: list<array{
     *         deliveryId: string,
     *         eventType: (
     *             'listing.created'|'listing.updated'|'listing.status_changed'|'listing.deleted'|'listing.published'
     *             |'listing.rejected'|'lead.received'|'lead.message_received'|'webhook.test'
     *         ),
     *         eventId: string|null,
     *         state: 'pending'|'succeeded'|'failed',
     *         attempts: list<array{
     *             attempt: int,
     *             at: string,
     *             status: int|null,
     *             error: string|null,
     *             latencyMs: int,
     *             answer: string|null
     *         }>,
     *         nextAttemptAt: string|null,
     *         createdAt: string,
     *         payload: string
     *     }>,
     *     next: string|null
     * }
     * @throws ApiException
     */
    public function listWebhookDeliveries(string $webhookId, array $options = []): mixed
    {
        return $this->request('GET', '/v1/webhooks/' . rawurlencode($webhookId) . '/deliveries', $options);
    }

    /**
     * Attempt a delivery again, now
     *
     * A failed or succeeded delivery, or one waiting for its next retry, is attempted at once, with the same webhook-id
     * and body as before, so a receiver that already processed it can tell. A delivery being sent right now, or one of
     * a disabled endpoint, is 409.
     *
     * @param string $webhookId The endpoint’s id (whk_…).
     * @param string $deliveryId The delivery’s id (msg_…), sent as webhook-id.
     * @param array{idempotencyKey?: string, headers?: array<string, string>} $options
     * @return array{deliveryId: string}
     * @throws ApiException
     */
    public function retryWebhookDelivery(string $webhookId, string $deliveryId, array $options = []): mixed
    {
        return $this->request(
            'POST',
            '/v1/webhooks/' . rawurlencode($webhookId) . '/deliveries/' . rawurlencode($deliveryId) . '/retry',
            $options
        );
    }

    /**
     * The agency’s conversations with visitors, oldest first
     *
     * Pages through the conversations oldest first (by creation), limit at a time (1–200, default 50). Give the
     * nextCursor of a page as after to get the next one; it is null on the last page. The cursor is opaque. Filters:
     * status, and since (the latest message of either side at or after it: a nightly import passes the time it last
     * ran). Reading changes nothing: PATCH a conversation to read to file it as seen.
     *
     * @param array{
     *     query?: array{status?: 'new'|'read'|'replied'|'archived', since?: string, after?: string, limit?: int},
     *     headers?: array<string, string>
     * } $options
     * @return array{
     *     data: list<array{
     *         leadId: string,
     *         serviceId: string,
     *         externalId: string,
     *         listingTitle: string,
     *         status: 'new'|'read'|'replied'|'archived',
     *         visitor: array{name: string, email: string, phone: string|null},
     *         receivedAt: string,
     *         lastMessageAt: string,
     *         messageCount: int,
     *         unreadCount: int,
     *         deletedByVisitor: string|null
     *     }>,
     *     nextCursor: string|null
     * }
     * @throws ApiException
     */
    public function listLeadsPage(array $options = []): mixed
    {
        return $this->request('GET', '/v1/leads', $options);
    }

    /**
     * Sandbox: a visitor writes about one of your sandbox listings
     *
     * Only under /sandbox/v1 with a TEST key. Opens a conversation as the site’s contact form would: event
     * lead.received, the mails to the agency’s pro users and the acknowledgement to the visitor — all kept in the
     * mailbox, never sent, whatever the address. serviceId must be one of the agency’s sandbox listings (404
     * otherwise). An e-mail the agency blocked is 409: such a visitor’s conversations never reach the agency.
     *
     * @param array{
     *     body: array{serviceId: string, name: string, email: string, message: string},
     *     idempotencyKey?: string,
     *     headers?: array<string, string>
     * } $options
     * @return array{
     *     leadId: string,
     *     serviceId: string,
     *     externalId: string,
     *     listingTitle: string,
     *     status: 'new'|'read'|'replied'|'archived',
     *     visitor: array{name: string, email: string, phone: string|null},
     *     receivedAt: string,
     *     lastMessageAt: string,
     *     messageCount: int,
     *     unreadCount: int,
     *     deletedByVisitor: string|null,
     *     messages: list<array{
     *         messageId: string,
     *         author: 'visitor'|'agency',
     *         writtenBy: array{kind: 'user'|'key', id: string, label: string}|null,
     *         text: string,
     *         createdAt: string
     *     }>
     * }
     * @throws ApiException
     */
    public function sandboxCreateLead(array $options = []): mixed
    {
        return $this->request('POST', '/v1/leads', $options);
    }

    /**
     * One conversation with its messages
     *
     * The conversation and its messages, oldest first. An agency message says who wrote it (a pro user or an API key).
     * Reading changes nothing: PATCH it to read to file it as seen.
     *
     * @param string $leadId The conversation’s id (lead_…).
     * @param array{headers?: array<string, string>} $options
     * @return array{
     *     leadId: string,
     *     serviceId: string,
     *     externalId: string,
     *     listingTitle: string,
     *     status: 'new'|'read'|'replied'|'archived',
     *     visitor: array{name: string, email: string, phone: string|null},
     *     receivedAt: string,
     *     lastMessageAt: string,
     *     messageCount: int,
     *     unreadCount: int,
     *     deletedByVisitor: string|null,
     *     messages: list<array{
     *         messageId: string,
     *         author: 'visitor'|'agency',
     *         writtenBy: array{kind: 'user'|'key', id: string, label: string}|null,
     *         text: string,
     *         createdAt: string
     *     }>
     * }
     * @throws ApiException
     */
    public function getLead(string $leadId, array $options = []): mixed
    {
        return $this->request('GET', '/v1/leads/' . rawurlencode($leadId), $options);
    }

    /**
     * File a conversation under a status
     *
     * Any status may follow any other. A conversation goes back to new by itself when the visitor writes again, and
     * becomes replied when the agency answers.
     *
     * @param string $leadId The conversation’s id (lead_…).
     * @param array{body: array{status: 'new'|'read'|'replied'|'archived'}, headers?: array<string, string>} $options
     * @return array{
     *     leadId: string,
     *     serviceId: string,
     *     externalId: string,
     *     listingTitle: string,
     *     status: 'new'|'read'|'replied'|'archived',
     *     visitor: array{name: string, email: string, phone: string|null},
     *     receivedAt: string,
     *     lastMessageAt: string,
     *     messageCount: int,
     *     unreadCount: int,
     *     deletedByVisitor: string|null,
     *     messages: list<array{
     *         messageId: string,
     *         author: 'visitor'|'agency',
     *         writtenBy: array{kind: 'user'|'key', id: string, label: string}|null,
     *         text: string,
     *         createdAt: string
     *     }>
     * }
     * @throws ApiException
     */
    public function setLeadStatus(string $leadId, array $options = []): mixed
    {
        return $this->request('PATCH', '/v1/leads/' . rawurlencode($leadId), $options);
    }

    /**
     * Answer the visitor
     *
     * Adds the agency’s message, written by this API key, and mails it to the visitor with a private link to the
     * conversation (the sandbox keeps its mails in the mailbox, never sent). The conversation becomes replied. A
     * conversation the visitor deleted takes no answer: 409. Send an Idempotency-Key so that a retry never mails the
     * visitor twice.
     *
     * @param string $leadId The conversation’s id (lead_…).
     * @param array{body: array{text: string}, idempotencyKey?: string, headers?: array<string, string>} $options
     * @return array{
     *     leadId: string,
     *     serviceId: string,
     *     externalId: string,
     *     listingTitle: string,
     *     status: 'new'|'read'|'replied'|'archived',
     *     visitor: array{name: string, email: string, phone: string|null},
     *     receivedAt: string,
     *     lastMessageAt: string,
     *     messageCount: int,
     *     unreadCount: int,
     *     deletedByVisitor: string|null,
     *     messages: list<array{
     *         messageId: string,
     *         author: 'visitor'|'agency',
     *         writtenBy: array{kind: 'user'|'key', id: string, label: string}|null,
     *         text: string,
     *         createdAt: string
     *     }>
     * }
     * @throws ApiException
     */
    public function replyToLead(string $leadId, array $options = []): mixed
    {
        return $this->request('POST', '/v1/leads/' . rawurlencode($leadId) . '/messages', $options);
    }

    /**
     * A listing’s audience on the site, day by day
     *
     * One row per day with, for desktop and mobile visits and their total: searchAppearances (shown on a results page
     * or the home page), detailViews (its page answered, from the page cache or not), leads (conversations opened).
     * Days are Europe/Paris days, from and to both included (YYYY-MM-DD); without them, the last 28 days, today
     * included. At most 93 days at once; from after to, or a value that is not a calendar date, is 400 naming the
     * field. Counts are written every few seconds: the last seconds may not show yet. Crawlers are not counted. Days
     * are kept 13 months. Another agency’s listing is 404. A sandbox listing is never on the site: its counts are
     * zeros.
     *
     * @param string $serviceId The listing’s serviceId.
     * @param array{query?: array{from?: string, to?: string}, headers?: array<string, string>} $options
     * @return array{
     *     serviceId: string,
     *     from: string,
     *     to: string,
     *     days: list<array{
     *         day: string,
     *         desktop: array{searchAppearances: int, detailViews: int, leads: int},
     *         mobile: array{searchAppearances: int, detailViews: int, leads: int},
     *         total: array{searchAppearances: int, detailViews: int, leads: int}
     *     }>,
     *     total: array{searchAppearances: int, detailViews: int, leads: int}
     * }
     * @throws ApiException
     */
    public function getListingPerformance(string $serviceId, array $options = []): mixed
    {
        return $this->request('GET', '/v1/listings/' . rawurlencode($serviceId) . '/performance', $options);
    }

    /**
     * The agency’s audience on the site, day by day
     *
     * The daily totals of all the agency’s listings, in the shape of GET /v1/listings/{serviceId}/performance. Days are
     * Europe/Paris days, from and to both included (YYYY-MM-DD); without them, the last 28 days, today included. At
     * most 93 days at once; from after to, or a value that is not a calendar date, is 400 naming the field. Counts are
     * written every few seconds: the last seconds may not show yet. Crawlers are not counted. Days are kept 13 months.
     * In the sandbox every count is zero: sandbox listings are never on the site.
     *
     * @param array{query?: array{from?: string, to?: string}, headers?: array<string, string>} $options
     * @return array{
     *     from: string,
     *     to: string,
     *     days: list<array{
     *         day: string,
     *         desktop: array{searchAppearances: int, detailViews: int, leads: int},
     *         mobile: array{searchAppearances: int, detailViews: int, leads: int},
     *         total: array{searchAppearances: int, detailViews: int, leads: int}
     *     }>,
     *     total: array{searchAppearances: int, detailViews: int, leads: int}
     * }
     * @throws ApiException
     */
    public function getAgencyPerformance(array $options = []): mixed
    {
        return $this->request('GET', '/v1/performance', $options);
    }

    /**
     * Sandbox: approve or reject a listing as an operator would
     *
     * Only under /sandbox/v1 with a TEST key. Sandbox listings are decided at once: approved, unless the title contains
     * [reject] (rejected) or [review] (pending). This call then plays the operator: approve publishes the latest
     * version (event listing.published), reject refuses it (listing.rejected). A listing that changed since the given
     * version is 409.
     *
     * @param string $serviceId The listing’s serviceId.
     * @param array{
     *     body: array{decision: 'approve'|'reject', reason?: string, version?: int},
     *     headers?: array<string, string>
     * } $options
     * @return array{
     *     serviceId: string,
     *     externalId: string,
     *     version: int,
     *     status: 'pending_moderation'|'rejected'|'active'|'under_offer'|'paused'|'sold'|'rented'|'withdrawn',
     *     moderation: array{
     *         state: 'pending'|'approved'|'rejected',
     *         reasons: list<array{
     *             code: string,
     *             severity: 'reject'|'review'|'note',
     *             message: string,
     *             messageFr: string
     *         }>,
     *         decidedAt: string|null,
     *         publishedVersion: int|null
     *     }
     * }
     * @throws ApiException
     */
    public function sandboxDecideModeration(string $serviceId, array $options = []): mixed
    {
        return $this->request('POST', '/v1/listings/' . rawurlencode($serviceId) . '/moderation', $options);
    }

    /**
     * Create or update up to 500 listings by externalId
     *
     * Upsert by externalId, idempotent. Each rejected listing is reported in errors[] with its index and reason; the
     * others are still written, all in one transaction. A request with more than 500 listings, invalid JSON or no
     * listings array is refused whole (400) and changes nothing. Content equal to what is stored is counted as
     * unchanged (no new version). The same externalId twice in one push: the last occurrence wins. results[] gives one
     * entry per pushed listing, in order, with its outcome, serviceId and version. With syncId, the push belongs to
     * that full sync session (see startSyncSession). Idempotency-Key: a retry with the same key and body gets the first
     * answer again, so its counters stay those of the first attempt.
     *
     * @param array{
     *     body: array{listings: list<IngestListing>, syncId?: string},
     *     idempotencyKey?: string,
     *     headers?: array<string, string>
     * } $options
     * @return array{
     *     agencyId: string,
     *     processed: int,
     *     created: int,
     *     updated: int,
     *     unchanged: int,
     *     errors: list<array{
     *         index: int,
     *         externalId: string|null,
     *         reason: string,
     *         details: list<array{field: string, message: string}>
     *     }>,
     *     warnings: list<array{
     *         index: int,
     *         externalId: string,
     *         code: 'title_long'|'contact_details_masked'|'postcode_city_mismatch'|'postcode_unknown',
     *         field: 'title'|'description'|'city'|'postcode',
     *         message: string,
     *         messageFr: string
     *     }>,
     *     results: list<array{
     *         index: int,
     *         externalId: string|null,
     *         outcome: 'created'|'updated'|'unchanged'|'error',
     *         serviceId: string|null,
     *         version: int|null,
     *         moderation: array{
     *             state: 'pending'|'approved'|'rejected',
     *             reasons: list<array{code: string, severity: 'reject'|'review'|'note'}>,
     *             publishedVersion: int|null
     *         }|null,
     *         compliance: list<(
     *             'energy_classes_missing'|'energy_cost_missing'|'excessive_consumption_mention'|'rental_energy_class'
     *             |'buyer_fees_incomplete'|'rental_terms_missing'|'reference_rent_missing'|'georisques_mention'
     *         )>
     *     }>
     * }
     * @throws ApiException
     */
    public function ingestListings(array $options = []): mixed
    {
        return $this->request('POST', '/ingest/ingestListings', $options);
    }

    /**
     * Page through the agency’s current listings for reconciliation
     *
     * Keyset pagination on the change sequence: start with afterTs=0 and pass nextAfterTs until it is null. Every
     * current listing is returned exactly once when nothing changes meanwhile, and at least once while listings change
     * (a changed listing moves to a later page). Sequence numbers increase with every change but are not consecutive:
     * treat nextAfterTs as an opaque cursor. Each entry carries its moderation (state, reason codes, publishedVersion),
     * so a nightly job can tell which listings an operator holds (pending) or refused (rejected); an operator’s
     * decision is a change, so the listing comes again on a later page.
     *
     * @param array{query?: array{limit?: int, afterTs?: int}, headers?: array<string, string>} $options
     * @return array{
     *     agencyId: string,
     *     listings: list<array{
     *         externalId: string,
     *         serviceId: string,
     *         status: 'active'|'under_offer'|'paused'|'sold'|'rented'|'withdrawn',
     *         version: int,
     *         contentHash: string,
     *         changeSeq: int,
     *         updatedAt: string,
     *         moderation: array{
     *             state: 'pending'|'approved'|'rejected',
     *             reasons: list<array{code: string, severity: 'reject'|'review'|'note'}>,
     *             publishedVersion: int|null
     *         }
     *     }>,
     *     nextAfterTs: int|null
     * }
     * @throws ApiException
     */
    public function agencyListings(array $options = []): mixed
    {
        return $this->request('GET', '/ingest/agencyListings', $options);
    }

    /**
     * One of the agency’s listings by externalId
     *
     * The listing in ingestion names plus serviceId, version, publicUrl, timestamps, moderation and publicDescription.
     * 404 when unknown or another agency’s.
     *
     * @param array{query: array{externalId: string}, headers?: array<string, string>} $options
     * @return array{
     *     externalId: string,
     *     title: string,
     *     transaction: 'VENTE'|'LOCATION'|'VIAGER',
     *     type: 'APPARTEMENT'|'MAISON'|'DUPLEX'|'STUDIO'|'TERRAIN'|'PARKING'|'LOFT'|'LOCAL'|'BUREAU',
     *     price: int,
     *     charges?: int|null,
     *     surface: int,
     *     rooms: int,
     *     bedrooms?: int|null,
     *     floor?: int|null,
     *     city: string,
     *     postcode: string,
     *     reference?: string|null,
     *     neighborhood?: string|null,
     *     addressLine?: string|null,
     *     dpe?: 'A'|'B'|'C'|'D'|'E'|'F'|'G'|null,
     *     ges?: 'A'|'B'|'C'|'D'|'E'|'F'|'G'|null,
     *     description?: string|null,
     *     features?: list<string>|null,
     *     imageUrls?: list<string>|null,
     *     status: 'active'|'under_offer'|'paused'|'sold'|'rented'|'withdrawn',
     *     sourceCrm?: 'crm_1'|'crm_2'|'crm_3'|'crm_4'|'other'|null,
     *     fees?: array{
     *         agencyFees?: int|null,
     *         feesPaidBy?: 'seller'|'buyer'|'landlord'|'tenant'|null,
     *         feeIncluded?: bool|null
     *     }|null,
     *     shareWithService: bool,
     *     shareWithRelay: bool,
     *     createdAtExternal?: string|null,
     *     updatedAtExternal?: string|null,
     *     dpeValue?: int|null,
     *     gesValue?: int|null,
     *     energyCostMin?: int|null,
     *     energyCostMax?: int|null,
     *     energyCostReferenceYear?: int|null,
     *     dpeDate?: string|null,
     *     furnished?: bool|null,
     *     deposit?: int|null,
     *     tenantFees?: int|null,
     *     tenantInventoryFees?: int|null,
     *     rentControlled?: bool|null,
     *     referenceRent?: float|int|null,
     *     rentSupplement?: int|null,
     *     feesPercent?: float|int|null,
     *     occupied?: bool|null,
     *     lumpSum?: int|null,
     *     annuity?: int|null,
     *     marketValue?: int|null,
     *     georisques?: bool|null,
     *     serviceId: string,
     *     version: int,
     *     publicUrl: string,
     *     createdAt: string,
     *     updatedAt: string,
     *     moderation: array{
     *         state: 'pending'|'approved'|'rejected',
     *         reasons: list<array{
     *             code: string,
     *             severity: 'reject'|'review'|'note',
     *             message: string,
     *             messageFr: string
     *         }>,
     *         decidedAt: string|null,
     *         publishedVersion: int|null
     *     },
     *     publicTitle: string,
     *     publicDescription: string|null,
     *     location: array{
     *         inseeCode: string|null,
     *         commune: string|null,
     *         departmentCode: string|null,
     *         department: string|null,
     *         regionCode: string|null,
     *         region: string|null
     *     },
     *     compliance: list<array{
     *         code: (
     *             'energy_classes_missing'|'energy_cost_missing'|'excessive_consumption_mention'|'rental_energy_class'
     *             |'buyer_fees_incomplete'|'rental_terms_missing'|'reference_rent_missing'|'georisques_mention'
     *         ),
     *         message: string,
     *         messageFr: string
     *     }>
     * }
     * @throws ApiException
     */
    public function getListingByExternalIdIngest(array $options = []): mixed
    {
        return $this->request('GET', '/ingest/listingByExternalId', $options);
    }

    /**
     * Remove one of the agency’s listings at once (soft delete)
     *
     * The listing leaves the public site and every read at once; pushing its externalId again creates it anew, its
     * version continuing.
     *
     * @param array{query: array{externalId: string}, headers?: array<string, string>} $options
     * @return array{externalId: string, deleted: true}
     * @throws ApiException
     */
    public function deleteListingByExternalIdIngest(array $options = []): mixed
    {
        return $this->request('DELETE', '/ingest/listingByExternalId', $options);
    }

    /**
     * The contentHash of up to 500 listings as a push would store them, without writing
     *
     * Takes the body of ingestListings (syncId is ignored) and answers, per listing in order, the contentHash that
     * agencyListings would show once a push stored it as given, or the reason a push would reject it. Nothing is
     * written. Compare these hashes with agencyListings’ to find which listings differ without fetching each one.
     *
     * @param array{
     *     body: array{listings: list<IngestListing>, syncId?: string},
     *     idempotencyKey?: string,
     *     headers?: array<string, string>
     * } $options
     * @return array{
     *     results: list<array{index: int, externalId: string|null, contentHash: string|null, reason: string|null}>
     * }
     * @throws ApiException
     */
    public function computeContentHashes(array $options = []): mixed
    {
        return $this->request('POST', '/ingest/contentHashes', $options);
    }

    /**
     * The agency’s sync sessions, newest first
     *
     * At most 20, newest first; finished sessions are kept 30 days. With state=open: the open session, if any (a sync
     * that died half-way left it behind: abandon it with DELETE /ingest/syncSessions/{syncId}).
     *
     * @param array{
     *     query?: array{state?: 'open'|'completed'|'expired'|'abandoned'},
     *     headers?: array<string, string>
     * } $options
     * @return array{
     *     syncSessions: list<array{
     *         syncId: string,
     *         state: 'open'|'completed'|'expired'|'abandoned',
     *         createdAt: string,
     *         expiresAt: string,
     *         completedAt: string|null,
     *         seen: int,
     *         onMarket: int|null,
     *         withdrawn: int|null,
     *         forced: bool|null
     *     }>
     * }
     * @throws ApiException
     */
    public function listSyncSessions(array $options = []): mixed
    {
        return $this->request('GET', '/ingest/syncSessions', $options);
    }

    /**
     * Start a full sync session
     *
     * A full sync replaces the agency’s set of listings with the set a CRM pushes: start a session, push every listing
     * with its syncId beside `listings` in each ingestListings body, then complete the session. Completion withdraws
     * the listings on the market (active, under_offer, paused) that no push of the session named. A session expires an
     * hour after its start or its last push, and 24 hours after its start at the latest. One session may be open per
     * agency and environment: starting a second one is 409, whose detail names the open one and the ways out (complete
     * it, abandon it with DELETE /ingest/syncSessions/{syncId}, or wait for its expiry); GET
     * /ingest/syncSessions?state=open finds it too. No body.
     *
     * @param array{idempotencyKey?: string, headers?: array<string, string>} $options
     * @return array{
     *     syncId: string,
     *     state: 'open'|'completed'|'expired'|'abandoned',
     *     createdAt: string,
     *     expiresAt: string,
     *     completedAt: string|null,
     *     seen: int,
     *     onMarket: int|null,
     *     withdrawn: int|null,
     *     forced: bool|null
     * }
     * @throws ApiException
     */
    public function startSyncSession(array $options = []): mixed
    {
        return $this->request('POST', '/ingest/syncSessions', $options);
    }

    /**
     * A sync session: its state, how many externalIds it has seen, and what its completion did
     *
     * @param string $syncId The session’s id, as POST /ingest/syncSessions answered it.
     * @param array{headers?: array<string, string>} $options
     * @return array{
     *     syncId: string,
     *     state: 'open'|'completed'|'expired'|'abandoned',
     *     createdAt: string,
     *     expiresAt: string,
     *     completedAt: string|null,
     *     seen: int,
     *     onMarket: int|null,
     *     withdrawn: int|null,
     *     forced: bool|null
     * }
     * @throws ApiException
     */
    public function getSyncSession(string $syncId, array $options = []): mixed
    {
        return $this->request('GET', '/ingest/syncSessions/' . rawurlencode($syncId), $options);
    }

    /**
     * Abandon an open sync session: nothing is withdrawn
     *
     * For a sync that failed half-way: the session ends without withdrawing anything (the listings pushed in it stay as
     * pushed), and a new session can start at once. `listing-sync sync --abandon` does it for the agency’s open
     * session, and the CLI does it itself when a sync is interrupted. Unknown, expired, abandoned or another agency’s
     * session: 404. Completed: 409.
     *
     * @param string $syncId The session’s id, as POST /ingest/syncSessions answered it.
     * @param array{idempotencyKey?: string, headers?: array<string, string>} $options
     * @return array{
     *     syncId: string,
     *     state: 'open'|'completed'|'expired'|'abandoned',
     *     createdAt: string,
     *     expiresAt: string,
     *     completedAt: string|null,
     *     seen: int,
     *     onMarket: int|null,
     *     withdrawn: int|null,
     *     forced: bool|null
     * }
     * @throws ApiException
     */
    public function abandonSyncSession(string $syncId, array $options = []): mixed
    {
        return $this->request('DELETE', '/ingest/syncSessions/' . rawurlencode($syncId), $options);
    }

    /**
     * Complete a sync session: withdraw the listings it did not see
     *
     * Each listing on the market (active, under_offer, paused) whose externalId no push of the session named gets
     * status withdrawn, as a status change: a new version and a new change sequence, so agencyListings shows it. Sold,
     * rented and withdrawn listings are left as they are. A listing a push of the session named counts as seen even if
     * that push rejected it (its stored version stays). Safety cap: when the withdrawals would be more than 20 % of the
     * listings on the market, the answer is 409 and nothing changes unless the body is {"force": true}: the session
     * stays open, to push what is missing, complete with force, or abandon. Unknown, expired or another agency’s
     * session: 404. Already completed: 409.
     *
     * @param string $syncId The session’s id, as POST /ingest/syncSessions answered it.
     * @param array{body: array{force?: bool}, idempotencyKey?: string, headers?: array<string, string>} $options
     * @return array{
     *     syncId: string,
     *     state: 'open'|'completed'|'expired'|'abandoned',
     *     createdAt: string,
     *     expiresAt: string,
     *     completedAt: string|null,
     *     seen: int,
     *     onMarket: int|null,
     *     withdrawn: int|null,
     *     forced: bool|null
     * }
     * @throws ApiException
     */
    public function completeSyncSession(string $syncId, array $options = []): mixed
    {
        return $this->request('POST', '/ingest/syncSessions/' . rawurlencode($syncId) . '/complete', $options);
    }

    /**
     * Import a passerelle file (Poliris 4.x): the agency’s whole set, as one full sync session
     *
     * The body is the passerelle ZIP that agency software sends to portals (Annonces.csv, Config.txt, Photos.cfg) as
     * application/zip, or Annonces.csv alone as text/csv; application/octet-stream is read as a ZIP when it starts like
     * one, else as Annonces.csv. The file is the agency’s whole set (« annule et remplace »): it runs as one full sync
     * session, so the listings on the market it no longer holds are withdrawn. Its lines are written in batches through
     * the same write path as ingestListings; a bad line is reported in errors[] (line, the agency’s reference, the
     * field’s rank and name, a French message) and the others are still written. A line with a readable identifier
     * (rank 175) counts as seen even when refused, so its listing is never withdrawn for it. Over the 20 % withdrawal
     * cap of a sync the answer is 409 and nothing changes, unless the query has force=true. A body over 64 MiB is
     * refused at once (413), as is a ZIP that would expand past the reader’s limits; a file that is no passerelle file
     * (not a ZIP, no Annonces.csv, empty, encrypted…) is refused whole (400) and nothing is written. One import or sync
     * session at a time per agency and environment (409). The answer comes when the import is done; every report,
     * refusals included, is kept for the pro space (« Importer un fichier »). docs/poliris.md gives the field mapping.
     *
     * @param array{
     *     query?: array{force?: 'true'|'false', fileName?: string},
     *     body: string,
     *     idempotencyKey?: string,
     *     headers?: array<string, string>
     * } $options
     * @return array{
     *     importId: string,
     *     syncId: string,
     *     lines: int,
     *     created: int,
     *     updated: int,
     *     unchanged: int,
     *     withdrawn: int,
     *     errorCount: int,
     *     warningCount: int,
     *     errors: list<array{
     *         line: int|null,
     *         reference: string|null,
     *         rank: int|null,
     *         field: string|null,
     *         code: string,
     *         message: string
     *     }>,
     *     warnings: list<array{
     *         line: int|null,
     *         reference: string|null,
     *         rank: int|null,
     *         field: string|null,
     *         code: string,
     *         message: string
     *     }>
     * }
     * @throws ApiException
     */
    public function importPolirisRequest(array $options = []): mixed
    {
        return $this->request('POST', '/ingest/poliris', $options);
    }
}
