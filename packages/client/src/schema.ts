/**
 * Generated from the listing-sync OpenAPI description by openapi-typescript: do not edit.
 * Regenerate with `npm run client:types` at the repository root.
 */

export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process answers
         * @description Answers without touching the database: restart the process if this fails.
         */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: the database answers and the process is not stopping
         * @description Reads the webhook delivery backlog from the database: send no traffic to this process while it answers 503. A stopping process answers 503 `stopping` for SHUTDOWN_DRAIN_MS while it still serves, so a load balancer checking it takes it out before it closes. details.webhooks tells operators how far deliveries lag, details.replica how far the read replica does (neither changes the status).
         */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling key, its agency and its remaining quota
         * @description Needs only a valid key. Tells the agency and its plan (batch size, webhooks), the key (display form, environment, scopes, created, last used) and every quota with its limit, used, remaining and reset.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/listings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agency’s listings, newest change first
         * @description Filters: status (a v1 status), modifiedSince (ISO 8601), departmentCode and regionCode (the listing’s location, docs/geography.md). Pages from 1; pageSize 1–200, default 50.
         */
        get: operations["listListings"];
        put?: never;
        /**
         * Create or update a listing by externalId (upsert)
         * @description 201 with the creation result when the listing is created (version 1; status active when the automatic check approved it in this request, pending_moderation when it waits for an operator); 200 with the same shape when it is updated, or when the content equals what is stored (outcome unchanged, no new version). With If-None-Match: * the call only creates: an externalId already used is 409. warnings[] gives the remarks a push of the same listing would: a long title, contact details masked (naming the field they were in). The body is the whole listing: sent again, it replaces what is stored, so an optional field left out is cleared (photos empty, fees null). To change some fields only, use PUT /v1/listings/{serviceId}.
         */
        post: operations["upsertListing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/listings/{serviceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One listing by service identifier
         * @description The full record in v1 names, with addressLine (owner only), publicDescription as the site shows it, and ETag "v{version}".
         */
        get: operations["getListing"];
        /**
         * Update a listing; only the fields given change
         * @description A partial body is accepted. The version grows by 1 when something changes. A new externalId already used by the agency is 409.
         */
        put: operations["updateListing"];
        post?: never;
        /**
         * Remove a listing (soft delete)
         * @description The listing leaves the public site and every read at once; it is kept for audit. Pushing its externalId again creates it anew.
         */
        delete: operations["deleteListing"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/listings/by-external/{externalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One listing by the agency’s identifier
         * @description Same record as GET /v1/listings/{serviceId}, found by the agency’s externalId.
         */
        get: operations["getListingByExternalId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/listings/{serviceId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the commercial status
         * @description Any source state is allowed. The v1 status stays pending_moderation until moderation approves the listing; commercialStatus shows the new value.
         */
        patch: operations["setListingStatus"];
        trace?: never;
    };
    "/v1/listings/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update several listings; one outcome per item
         * @description At most the plan’s batch size (Solo 10, Agence 50, Réseau 100); more is 400. Each item is an upsert by externalId; a bad item is reported in results[] with its error and never stops the others. Always 200 when the request itself is well-formed. Each accepted item carries the same warnings as a push of it would.
         */
        post: operations["batchUpsertListings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the webhook endpoints */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Plans allow 0 (Pro Solo), 1 (Pro Agence) or 3 (Pro Réseau) endpoints per environment, disabled ones included; over the cap: 403 naming the plan. The answer holds the signing secret, shown this once. The endpoint receives the events committed from now on.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One webhook endpoint */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook endpoint and its delivery log */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /** Change a webhook endpoint (URL, events, description, enabled) */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/v1/webhooks/{webhookId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret
         * @description The new secret is in this answer only. For 24 hours every delivery carries two signatures in webhook-signature (the new secret’s and the previous one’s), so receivers verify with either while they switch; afterwards the new secret alone signs.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a webhook.test message
         * @description Queued at once, signed and retried like any event; follow it in the delivery log. A disabled endpoint is 409.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoint’s delivery log, newest first
         * @description Each delivery with its attempts: time, HTTP status, latency, the first KiB of the answer, or why it failed. Kept 30 days.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attempt a delivery again, now
         * @description A failed or succeeded delivery, or one waiting for its next retry, is attempted at once, with the same webhook-id and body as before, so a receiver that already processed it can tell. A delivery being sent right now, or one of a disabled endpoint, is 409.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agency’s conversations with visitors, oldest first
         * @description Pages through the conversations oldest first (by creation), limit at a time (1–200, default 50). Give the nextCursor of a page as after to get the next one; it is null on the last page. The cursor is opaque. Filters: status, and since (the latest message of either side at or after it: a nightly import passes the time it last ran). Reading changes nothing: PATCH a conversation to read to file it as seen.
         */
        get: operations["listLeads"];
        put?: never;
        /**
         * Sandbox: a visitor writes about one of your sandbox listings
         * @description Only under /sandbox/v1 with a TEST key. Opens a conversation as the site’s contact form would: event lead.received, the mails to the agency’s pro users and the acknowledgement to the visitor — all kept in the mailbox, never sent, whatever the address. serviceId must be one of the agency’s sandbox listings (404 otherwise). An e-mail the agency blocked is 409: such a visitor’s conversations never reach the agency.
         */
        post: operations["sandboxCreateLead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leads/{leadId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One conversation with its messages
         * @description The conversation and its messages, oldest first. An agency message says who wrote it (a pro user or an API key). Reading changes nothing: PATCH it to read to file it as seen.
         */
        get: operations["getLead"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * File a conversation under a status
         * @description Any status may follow any other. A conversation goes back to new by itself when the visitor writes again, and becomes replied when the agency answers.
         */
        patch: operations["setLeadStatus"];
        trace?: never;
    };
    "/v1/leads/{leadId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer the visitor
         * @description Adds the agency’s message, written by this API key, and mails it to the visitor with a private link to the conversation (the sandbox keeps its mails in the mailbox, never sent). The conversation becomes replied. A conversation the visitor deleted takes no answer: 409. Send an Idempotency-Key so that a retry never mails the visitor twice.
         */
        post: operations["replyToLead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/listings/{serviceId}/performance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A listing’s audience on the site, day by day
         * @description One row per day with, for desktop and mobile visits and their total: searchAppearances (shown on a results page or the home page), detailViews (its page answered, from the page cache or not), leads (conversations opened). Days are Europe/Paris days, from and to both included (YYYY-MM-DD); without them, the last 28 days, today included. At most 93 days at once; from after to, or a value that is not a calendar date, is 400 naming the field. Counts are written every few seconds: the last seconds may not show yet. Crawlers are not counted. Days are kept 13 months. Another agency’s listing is 404. A sandbox listing is never on the site: its counts are zeros.
         */
        get: operations["getListingPerformance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/performance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agency’s audience on the site, day by day
         * @description The daily totals of all the agency’s listings, in the shape of GET /v1/listings/{serviceId}/performance. Days are Europe/Paris days, from and to both included (YYYY-MM-DD); without them, the last 28 days, today included. At most 93 days at once; from after to, or a value that is not a calendar date, is 400 naming the field. Counts are written every few seconds: the last seconds may not show yet. Crawlers are not counted. Days are kept 13 months. In the sandbox every count is zero: sandbox listings are never on the site.
         */
        get: operations["getAgencyPerformance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/listings/{serviceId}/moderation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sandbox: approve or reject a listing as an operator would
         * @description Only under /sandbox/v1 with a TEST key. Sandbox listings are decided at once: approved, unless the title contains [reject] (rejected) or [review] (pending). This call then plays the operator: approve publishes the latest version (event listing.published), reject refuses it (listing.rejected). A listing that changed since the given version is 409.
         */
        post: operations["sandboxDecideModeration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingest/ingestListings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create or update up to 500 listings by externalId
         * @description Upsert by externalId, idempotent. Each rejected listing is reported in errors[] with its index and reason; the others are still written, all in one transaction. A request with more than 500 listings, invalid JSON or no listings array is refused whole (400) and changes nothing. Content equal to what is stored is counted as unchanged (no new version). The same externalId twice in one push: the last occurrence wins. results[] gives one entry per pushed listing, in order, with its outcome, serviceId and version. With syncId, the push belongs to that full sync session (see startSyncSession). Idempotency-Key: a retry with the same key and body gets the first answer again, so its counters stay those of the first attempt.
         */
        post: operations["ingestListings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingest/agencyListings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Page through the agency’s current listings for reconciliation
         * @description Keyset pagination on the change sequence: start with afterTs=0 and pass nextAfterTs until it is null. Every current listing is returned exactly once when nothing changes meanwhile, and at least once while listings change (a changed listing moves to a later page). Sequence numbers increase with every change but are not consecutive: treat nextAfterTs as an opaque cursor. Each entry carries its moderation (state, reason codes, publishedVersion), so a nightly job can tell which listings an operator holds (pending) or refused (rejected); an operator’s decision is a change, so the listing comes again on a later page.
         */
        get: operations["agencyListings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingest/listingByExternalId": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the agency’s listings by externalId
         * @description The listing in ingestion names plus serviceId, version, publicUrl, timestamps, moderation and publicDescription. 404 when unknown or another agency’s.
         */
        get: operations["getListingByExternalIdIngest"];
        put?: never;
        post?: never;
        /**
         * Remove one of the agency’s listings at once (soft delete)
         * @description The listing leaves the public site and every read at once; pushing its externalId again creates it anew, its version continuing.
         */
        delete: operations["deleteListingByExternalIdIngest"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingest/contentHashes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The contentHash of up to 500 listings as a push would store them, without writing
         * @description Takes the body of ingestListings (syncId is ignored) and answers, per listing in order, the contentHash that agencyListings would show once a push stored it as given, or the reason a push would reject it. Nothing is written. Compare these hashes with agencyListings’ to find which listings differ without fetching each one.
         */
        post: operations["computeContentHashes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingest/syncSessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The agency’s sync sessions, newest first
         * @description At most 20, newest first; finished sessions are kept 30 days. With state=open: the open session, if any (a sync that died half-way left it behind: abandon it with DELETE /ingest/syncSessions/{syncId}).
         */
        get: operations["listSyncSessions"];
        put?: never;
        /**
         * Start a full sync session
         * @description A full sync replaces the agency’s set of listings with the set a CRM pushes: start a session, push every listing with its syncId beside `listings` in each ingestListings body, then complete the session. Completion withdraws the listings on the market (active, under_offer, paused) that no push of the session named. A session expires an hour after its start or its last push, and 24 hours after its start at the latest. One session may be open per agency and environment: starting a second one is 409, whose detail names the open one and the ways out (complete it, abandon it with DELETE /ingest/syncSessions/{syncId}, or wait for its expiry); GET /ingest/syncSessions?state=open finds it too. No body.
         */
        post: operations["startSyncSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingest/syncSessions/{syncId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A sync session: its state, how many externalIds it has seen, and what its completion did */
        get: operations["getSyncSession"];
        put?: never;
        post?: never;
        /**
         * Abandon an open sync session: nothing is withdrawn
         * @description For a sync that failed half-way: the session ends without withdrawing anything (the listings pushed in it stay as pushed), and a new session can start at once. `listing-sync sync --abandon` does it for the agency’s open session, and the CLI does it itself when a sync is interrupted. Unknown, expired, abandoned or another agency’s session: 404. Completed: 409.
         */
        delete: operations["abandonSyncSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingest/syncSessions/{syncId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a sync session: withdraw the listings it did not see
         * @description Each listing on the market (active, under_offer, paused) whose externalId no push of the session named gets status withdrawn, as a status change: a new version and a new change sequence, so agencyListings shows it. Sold, rented and withdrawn listings are left as they are. A listing a push of the session named counts as seen even if that push rejected it (its stored version stays). Safety cap: when the withdrawals would be more than 20 % of the listings on the market, the answer is 409 and nothing changes unless the body is {"force": true}: the session stays open, to push what is missing, complete with force, or abandon. Unknown, expired or another agency’s session: 404. Already completed: 409.
         */
        post: operations["completeSyncSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ingest/poliris": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a passerelle file (Poliris 4.x): the agency’s whole set, as one full sync session
         * @description The body is the passerelle ZIP that agency software sends to portals (Annonces.csv, Config.txt, Photos.cfg) as application/zip, or Annonces.csv alone as text/csv; application/octet-stream is read as a ZIP when it starts like one, else as Annonces.csv. The file is the agency’s whole set (« annule et remplace »): it runs as one full sync session, so the listings on the market it no longer holds are withdrawn. Its lines are written in batches through the same write path as ingestListings; a bad line is reported in errors[] (line, the agency’s reference, the field’s rank and name, a French message) and the others are still written. A line with a readable identifier (rank 175) counts as seen even when refused, so its listing is never withdrawn for it. Over the 20 % withdrawal cap of a sync the answer is 409 and nothing changes, unless the query has force=true. A body over 64 MiB is refused at once (413), as is a ZIP that would expand past the reader’s limits; a file that is no passerelle file (not a ZIP, no Annonces.csv, empty, encrypted…) is refused whole (400) and nothing is written. One import or sync session at a time per agency and environment (409). The answer comes when the import is done; every report, refusals included, is kept for the pro space (« Importer un fichier »). docs/poliris.md gives the field mapping.
         */
        post: operations["importPoliris"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "listing.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A listing was created (either interface).
         * @description Signed as Standard Webhooks (standardwebhooks.com): webhook-id (the delivery’s id, the same on every attempt — deduplicate on it), webhook-timestamp (Unix seconds of the attempt) and webhook-signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", two of them separated by a space during a secret rotation). Answer 2xx within 10 seconds with a body under 64 KiB; anything else (a redirect, a timeout, a reset) is a failed attempt, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then failed. Delivery is at least once and in no promised order, even for one endpoint: order by the data (version, receivedAt), not by arrival.
         */
        post: operations["event_listing_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "listing.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A listing’s content changed: a new version.
         * @description Signed as Standard Webhooks (standardwebhooks.com): webhook-id (the delivery’s id, the same on every attempt — deduplicate on it), webhook-timestamp (Unix seconds of the attempt) and webhook-signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", two of them separated by a space during a secret rotation). Answer 2xx within 10 seconds with a body under 64 KiB; anything else (a redirect, a timeout, a reset) is a failed attempt, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then failed. Delivery is at least once and in no promised order, even for one endpoint: order by the data (version, receivedAt), not by arrival.
         */
        post: operations["event_listing_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "listing.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The commercial status moved (previousStatus → status).
         * @description Signed as Standard Webhooks (standardwebhooks.com): webhook-id (the delivery’s id, the same on every attempt — deduplicate on it), webhook-timestamp (Unix seconds of the attempt) and webhook-signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", two of them separated by a space during a secret rotation). Answer 2xx within 10 seconds with a body under 64 KiB; anything else (a redirect, a timeout, a reset) is a failed attempt, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then failed. Delivery is at least once and in no promised order, even for one endpoint: order by the data (version, receivedAt), not by arrival.
         */
        post: operations["event_listing_status_changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "listing.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A listing was deleted: it left the site and every read.
         * @description Signed as Standard Webhooks (standardwebhooks.com): webhook-id (the delivery’s id, the same on every attempt — deduplicate on it), webhook-timestamp (Unix seconds of the attempt) and webhook-signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", two of them separated by a space during a secret rotation). Answer 2xx within 10 seconds with a body under 64 KiB; anything else (a redirect, a timeout, a reset) is a failed attempt, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then failed. Delivery is at least once and in no promised order, even for one endpoint: order by the data (version, receivedAt), not by arrival.
         */
        post: operations["event_listing_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "listing.published": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A version became public (automatic moderation or an operator).
         * @description Signed as Standard Webhooks (standardwebhooks.com): webhook-id (the delivery’s id, the same on every attempt — deduplicate on it), webhook-timestamp (Unix seconds of the attempt) and webhook-signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", two of them separated by a space during a secret rotation). Answer 2xx within 10 seconds with a body under 64 KiB; anything else (a redirect, a timeout, a reset) is a failed attempt, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then failed. Delivery is at least once and in no promised order, even for one endpoint: order by the data (version, receivedAt), not by arrival.
         */
        post: operations["event_listing_published"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "listing.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A version was refused, with the reasons.
         * @description Signed as Standard Webhooks (standardwebhooks.com): webhook-id (the delivery’s id, the same on every attempt — deduplicate on it), webhook-timestamp (Unix seconds of the attempt) and webhook-signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", two of them separated by a space during a secret rotation). Answer 2xx within 10 seconds with a body under 64 KiB; anything else (a redirect, a timeout, a reset) is a failed attempt, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then failed. Delivery is at least once and in no promised order, even for one endpoint: order by the data (version, receivedAt), not by arrival.
         */
        post: operations["event_listing_rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lead.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A visitor wrote about a listing through the public site: a new conversation. Read it with GET /v1/leads/{leadId}.
         * @description Signed as Standard Webhooks (standardwebhooks.com): webhook-id (the delivery’s id, the same on every attempt — deduplicate on it), webhook-timestamp (Unix seconds of the attempt) and webhook-signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", two of them separated by a space during a secret rotation). Answer 2xx within 10 seconds with a body under 64 KiB; anything else (a redirect, a timeout, a reset) is a failed attempt, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then failed. Delivery is at least once and in no promised order, even for one endpoint: order by the data (version, receivedAt), not by arrival.
         */
        post: operations["event_lead_received"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "lead.message_received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The visitor wrote again in a conversation. Read it with GET /v1/leads/{leadId}.
         * @description Signed as Standard Webhooks (standardwebhooks.com): webhook-id (the delivery’s id, the same on every attempt — deduplicate on it), webhook-timestamp (Unix seconds of the attempt) and webhook-signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", two of them separated by a space during a secret rotation). Answer 2xx within 10 seconds with a body under 64 KiB; anything else (a redirect, a timeout, a reset) is a failed attempt, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then failed. Delivery is at least once and in no promised order, even for one endpoint: order by the data (version, receivedAt), not by arrival.
         */
        post: operations["event_lead_message_received"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sent by POST /v1/webhooks/{webhookId}/test.
         * @description Signed as Standard Webhooks (standardwebhooks.com): webhook-id (the delivery’s id, the same on every attempt — deduplicate on it), webhook-timestamp (Unix seconds of the attempt) and webhook-signature ("v1,<base64 HMAC-SHA256 of id.timestamp.body>", two of them separated by a space during a secret rotation). Answer 2xx within 10 seconds with a body under 64 KiB; anything else (a redirect, a timeout, a reset) is a failed attempt, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then failed. Delivery is at least once and in no promised order, even for one endpoint: order by the data (version, receivedAt), not by arrival.
         */
        post: operations["event_webhook_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description RFC 9457 problem details (application/problem+json). */
        Problem: {
            /** Format: uri */
            type: string;
            title: string;
            /** Format: int32 */
            status: number;
            /** @enum {string} */
            code: "validation_error" | "unauthorized" | "forbidden" | "not_found" | "method_not_allowed" | "conflict" | "precondition_failed" | "payload_too_large" | "unsupported_media_type" | "business_error" | "rate_limit_exceeded" | "server_error" | "service_unavailable";
            detail: string;
            /** @description The fields at fault: always on 400 and 422 (possibly empty), on a 409 about one field; absent otherwise. */
            errors?: {
                field: string;
                message: string;
            }[];
            requestId: string;
        };
        /**
         * @description A listing. Required: externalId, type, category, title, price, city, postcode, surface, rooms.
         * @example {
         *       "externalId": "CRM-2001",
         *       "reference": "VA-2001",
         *       "type": "sale",
         *       "category": "apartment",
         *       "title": "T3 lumineux avec balcon",
         *       "description": "Au 2e étage avec ascenseur, séjour exposé sud, cuisine équipée, deux chambres.",
         *       "price": 320000,
         *       "priceUnit": "EUR",
         *       "city": "Lyon",
         *       "postcode": "69003",
         *       "surface": 68,
         *       "rooms": 3,
         *       "bedrooms": 2,
         *       "dpe": "C",
         *       "ges": "B",
         *       "energyCostMin": 890,
         *       "energyCostMax": 1240,
         *       "energyCostReferenceYear": 2025,
         *       "photos": [
         *         {
         *           "url": "https://images.example.com/crm-2001/1.jpg",
         *           "label": "Séjour",
         *           "order": 0
         *         }
         *       ],
         *       "fees": {
         *         "agencyFees": 12000,
         *         "feesPaidBy": "buyer",
         *         "feeIncluded": true
         *       }
         *     }
         */
        ListingCreate: {
            /** @description The agency’s identifier: the upsert key. */
            externalId: string;
            /**
             * @description Kind of transaction (ingestion VENTE, LOCATION, VIAGER).
             * @enum {string}
             */
            type: "sale" | "rental" | "life_annuity_sale";
            /**
             * @description Kind of property.
             * @enum {string}
             */
            category: "apartment" | "house" | "duplex" | "studio" | "land" | "parking" | "loft" | "commercial" | "office";
            /** @description At most 100 characters recommended. */
            title: string;
            /** @description Contact details are masked on the public site; see publicDescription. */
            description?: string | null;
            /**
             * Format: int32
             * @description Whole euros; the monthly rent for a rental.
             */
            price: number;
            /**
             * @description ISO 4217 currency code; only EUR is accepted (other codes: 422).
             * @default EUR
             */
            priceUnit?: string;
            city: string;
            /** @description French postcode. */
            postcode: string;
            /**
             * Format: int32
             * @description Whole square metres.
             */
            surface: number;
            /** Format: int32 */
            rooms: number;
            /** @description Left out or null: not stated, and the public pages show no bedroom count; the answers then give as many as rooms. */
            bedrooms?: number | null;
            /** @description Energy rating A–G; null when not communicated. Must not be better than ges. */
            dpe?: ("A" | "B" | "C" | "D" | "E" | "F" | "G") | null;
            /** @description Greenhouse-gas rating A–G. */
            ges?: ("A" | "B" | "C" | "D" | "E" | "F" | "G") | null;
            photos?: {
                /**
                 * Format: uri
                 * @description Public image URL, served as given (HTTPS recommended).
                 */
                url: string;
                label?: string | null;
                /**
                 * Format: int32
                 * @description Position, from 0.
                 */
                order: number;
            }[];
            fees?: {
                agencyFees?: number | null;
                feesPaidBy?: ("seller" | "buyer" | "landlord" | "tenant") | null;
                feeIncluded?: boolean | null;
            } | null;
            /** @description Monthly charges of a rental, whole euros. */
            charges?: number | null;
            /** @description Null for the ground floor or a house. */
            floor?: number | null;
            /** @description The agency’s own reference, shown to the public (« Réf. … »); unlike externalId it may change. Contact details in it are masked. */
            reference?: string | null;
            neighborhood?: string | null;
            /** @description Private: returned to the owning agency only. */
            addressLine?: string | null;
            features?: string[];
            sourceCrm?: ("crm_1" | "crm_2" | "crm_3" | "crm_4" | "other") | null;
            /** @description Read on creation only. */
            shareWithService?: boolean;
            /** @description Read on creation only. */
            shareWithRelay?: boolean;
            createdAtExternal?: string | null;
            updatedAtExternal?: string | null;
            dpeValue?: number | null;
            gesValue?: number | null;
            energyCostMin?: number | null;
            energyCostMax?: number | null;
            energyCostReferenceYear?: number | null;
            dpeDate?: string | null;
            furnished?: boolean | null;
            deposit?: number | null;
            tenantFees?: number | null;
            tenantInventoryFees?: number | null;
            rentControlled?: boolean | null;
            referenceRent?: number | null;
            rentSupplement?: number | null;
            feesPercent?: number | null;
            occupied?: boolean | null;
            lumpSum?: number | null;
            annuity?: number | null;
            marketValue?: number | null;
            georisques?: boolean | null;
        };
        /**
         * @example {
         *       "serviceId": "lst_VcLCKRgBcgRJ8aBH48N",
         *       "status": "active",
         *       "commercialStatus": "active",
         *       "version": 1,
         *       "publicUrl": "https://www.example.com/listings/lst_VcLCKRgBcgRJ8aBH48N",
         *       "createdAt": "2026-03-01T09:30:00.000Z",
         *       "updatedAt": "2026-03-01T09:30:00.000Z",
         *       "moderation": {
         *         "state": "approved",
         *         "reasons": [],
         *         "decidedAt": "2026-03-01T09:30:00.000Z",
         *         "publishedVersion": 1
         *       },
         *       "externalId": "CRM-2001",
         *       "reference": "VA-2001",
         *       "type": "sale",
         *       "category": "apartment",
         *       "title": "T3 lumineux avec balcon",
         *       "description": "Au 2e étage avec ascenseur, séjour exposé sud, cuisine équipée, deux chambres.",
         *       "price": 320000,
         *       "priceUnit": "EUR",
         *       "city": "Lyon",
         *       "postcode": "69003",
         *       "surface": 68,
         *       "rooms": 3,
         *       "bedrooms": 2,
         *       "dpe": "C",
         *       "ges": "B",
         *       "energyCostMin": 890,
         *       "energyCostMax": 1240,
         *       "energyCostReferenceYear": 2025,
         *       "photos": [
         *         {
         *           "url": "https://images.example.com/crm-2001/1.jpg",
         *           "label": "Séjour",
         *           "order": 0
         *         }
         *       ],
         *       "fees": {
         *         "agencyFees": 12000,
         *         "feesPaidBy": "buyer",
         *         "feeIncluded": true
         *       },
         *       "publicTitle": "T3 lumineux avec balcon",
         *       "publicDescription": "Au 2e étage avec ascenseur, séjour exposé sud, cuisine équipée, deux chambres.",
         *       "features": [],
         *       "shareWithService": true,
         *       "shareWithRelay": false,
         *       "charges": null,
         *       "floor": null,
         *       "neighborhood": null,
         *       "addressLine": null,
         *       "sourceCrm": null,
         *       "createdAtExternal": null,
         *       "updatedAtExternal": null,
         *       "dpeValue": null,
         *       "gesValue": null,
         *       "dpeDate": null,
         *       "furnished": null,
         *       "deposit": null,
         *       "tenantFees": null,
         *       "tenantInventoryFees": null,
         *       "rentControlled": null,
         *       "referenceRent": null,
         *       "rentSupplement": null,
         *       "feesPercent": null,
         *       "occupied": null,
         *       "lumpSum": null,
         *       "annuity": null,
         *       "marketValue": null,
         *       "georisques": null,
         *       "location": {
         *         "inseeCode": "69383",
         *         "commune": "Lyon 3e Arrondissement",
         *         "departmentCode": "69",
         *         "department": "Rhône",
         *         "regionCode": "84",
         *         "region": "Auvergne-Rhône-Alpes"
         *       },
         *       "compliance": []
         *     }
         */
        ListingRecord: {
            /** @description The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it. */
            serviceId: string;
            /** @description The agency’s identifier: the upsert key. */
            externalId: string;
            /**
             * @description pending_moderation while moderation is pending, rejected if refused, else the commercial status.
             * @enum {string}
             */
            status: "pending_moderation" | "rejected" | "active" | "under_offer" | "paused" | "sold" | "rented" | "withdrawn";
            /** @enum {string} */
            commercialStatus: "active" | "under_offer" | "paused" | "sold" | "rented" | "withdrawn";
            /**
             * Format: int32
             * @description Grows by 1 on every accepted change; the ETag is "v{version}".
             */
            version: number;
            /** Format: uri */
            publicUrl: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description Automatic moderation runs on creation and on every content change (docs/decisions.md §11). A change of price or charges alone of an approved listing never waits. */
            moderation: {
                /**
                 * @description pending: waits for an operator; approved: public (when shared and on sale or to let); rejected.
                 * @enum {string}
                 */
                state: "pending" | "approved" | "rejected";
                /** @description Why moderation decided so, one entry per rule that spoke. */
                reasons: {
                    /** @description Stable code of the rule (or operator) that spoke, e.g. dpe_missing, likely_duplicate, operator. */
                    code: string;
                    /**
                     * @description reject: refused; review: waits for an operator; note: a remark that never holds the listing back.
                     * @enum {string}
                     */
                    severity: "reject" | "review" | "note";
                    /** @description What the rule found and what to do, in English. */
                    message: string;
                    /** @description The same in French, as the pro space shows it. */
                    messageFr: string;
                }[];
                /** @description When the latest version was decided; null while it waits. */
                decidedAt: string | null;
                /** @description The version the public site shows: the last approved one. It stays public while a newer version waits. Null when none is. */
                publishedVersion: number | null;
            };
            /**
             * @description Kind of transaction (ingestion VENTE, LOCATION, VIAGER).
             * @enum {string}
             */
            type: "sale" | "rental" | "life_annuity_sale";
            /**
             * @description Kind of property.
             * @enum {string}
             */
            category: "apartment" | "house" | "duplex" | "studio" | "land" | "parking" | "loft" | "commercial" | "office";
            /** @description At most 100 characters recommended. */
            title: string;
            /** @description Contact details are masked on the public site; see publicDescription. */
            description: string | null;
            /** @description The title exactly as the public site shows it. */
            publicTitle: string;
            /** @description The description exactly as the public site shows it. */
            publicDescription: string | null;
            /**
             * Format: int32
             * @description Whole euros; the monthly rent for a rental.
             */
            price: number;
            priceUnit: string;
            city: string;
            /** @description French postcode. */
            postcode: string;
            /**
             * Format: int32
             * @description Whole square metres.
             */
            surface: number;
            /** Format: int32 */
            rooms: number;
            /** @description Left out or null: not stated, and the public pages show no bedroom count; the answers then give as many as rooms. */
            bedrooms: number | null;
            /** @description Energy rating A–G; null when not communicated. Must not be better than ges. */
            dpe: ("A" | "B" | "C" | "D" | "E" | "F" | "G") | null;
            /** @description Greenhouse-gas rating A–G. */
            ges: ("A" | "B" | "C" | "D" | "E" | "F" | "G") | null;
            photos: {
                /**
                 * Format: uri
                 * @description Public image URL, served as given (HTTPS recommended).
                 */
                url: string;
                label?: string | null;
                /**
                 * Format: int32
                 * @description Position, from 0.
                 */
                order: number;
            }[];
            fees: {
                agencyFees?: number | null;
                feesPaidBy?: ("seller" | "buyer" | "landlord" | "tenant") | null;
                feeIncluded?: boolean | null;
            } | null;
            /** @description Monthly charges of a rental, whole euros. */
            charges: number | null;
            /** @description Null for the ground floor or a house. */
            floor: number | null;
            /** @description The agency’s own reference, shown to the public (« Réf. … »); unlike externalId it may change. Contact details in it are masked. */
            reference: string | null;
            neighborhood: string | null;
            /** @description Private: returned to the owning agency only. */
            addressLine: string | null;
            features: string[];
            sourceCrm: ("crm_1" | "crm_2" | "crm_3" | "crm_4" | "other") | null;
            shareWithService: boolean;
            shareWithRelay: boolean;
            createdAtExternal: string | null;
            updatedAtExternal: string | null;
            dpeValue: number | null;
            gesValue: number | null;
            energyCostMin: number | null;
            energyCostMax: number | null;
            energyCostReferenceYear: number | null;
            dpeDate: string | null;
            furnished: boolean | null;
            deposit: number | null;
            tenantFees: number | null;
            tenantInventoryFees: number | null;
            rentControlled: boolean | null;
            referenceRent: number | null;
            rentSupplement: number | null;
            feesPercent: number | null;
            occupied: boolean | null;
            lumpSum: number | null;
            annuity: number | null;
            marketValue: number | null;
            georisques: boolean | null;
            /** @description The listing’s place in the official geography, read by the service from postcode and city. The commune is null when they name none (see warnings); the département and région stay known when every commune of the postcode shares them. */
            location: {
                /** @description INSEE code of the commune, or of the arrondissement municipal in Paris, Lyon and Marseille (69383). */
                inseeCode: string | null;
                /** @description Official name of the commune (« Lyon 3e Arrondissement »). */
                commune: string | null;
                /** @description Département code: 01–95, 2A and 2B (Corsica), 971–976 and the overseas collectivities. */
                departmentCode: string | null;
                /** @description Official name of the département. */
                department: string | null;
                /** @description INSEE code of the région. */
                regionCode: string | null;
                /** @description Official name of the région. */
                region: string | null;
            };
            /** @description Legal mentions the ad lacks (French law). Warnings only: publication is decided by moderation. */
            compliance: {
                /**
                 * @description Stable code of the legal-mention rule.
                 * @enum {string}
                 */
                code: "energy_classes_missing" | "energy_cost_missing" | "excessive_consumption_mention" | "rental_energy_class" | "buyer_fees_incomplete" | "rental_terms_missing" | "reference_rent_missing" | "georisques_mention";
                /** @description What is missing, in English. */
                message: string;
                /** @description The same in French, as the pro space shows it. */
                messageFr: string;
            }[];
        };
        /**
         * @description Partial update: only the fields given change; null clears an optional field.
         * @example {
         *       "price": 315000
         *     }
         */
        ListingUpdate: {
            /** @description The agency’s identifier: the upsert key. */
            externalId?: string;
            /**
             * @description Kind of transaction (ingestion VENTE, LOCATION, VIAGER).
             * @enum {string}
             */
            type?: "sale" | "rental" | "life_annuity_sale";
            /**
             * @description Kind of property.
             * @enum {string}
             */
            category?: "apartment" | "house" | "duplex" | "studio" | "land" | "parking" | "loft" | "commercial" | "office";
            /** @description At most 100 characters recommended. */
            title?: string;
            /** @description Contact details are masked on the public site; see publicDescription. */
            description?: string | null;
            /**
             * Format: int32
             * @description Whole euros; the monthly rent for a rental.
             */
            price?: number;
            /**
             * @description ISO 4217 currency code; only EUR is accepted (other codes: 422).
             * @default EUR
             */
            priceUnit?: string;
            city?: string;
            /** @description French postcode. */
            postcode?: string;
            /**
             * Format: int32
             * @description Whole square metres.
             */
            surface?: number;
            /** Format: int32 */
            rooms?: number;
            /** @description Left out or null: not stated, and the public pages show no bedroom count; the answers then give as many as rooms. */
            bedrooms?: number | null;
            /** @description Energy rating A–G; null when not communicated. Must not be better than ges. */
            dpe?: ("A" | "B" | "C" | "D" | "E" | "F" | "G") | null;
            /** @description Greenhouse-gas rating A–G. */
            ges?: ("A" | "B" | "C" | "D" | "E" | "F" | "G") | null;
            photos?: {
                /**
                 * Format: uri
                 * @description Public image URL, served as given (HTTPS recommended).
                 */
                url: string;
                label?: string | null;
                /**
                 * Format: int32
                 * @description Position, from 0.
                 */
                order: number;
            }[];
            fees?: {
                agencyFees?: number | null;
                feesPaidBy?: ("seller" | "buyer" | "landlord" | "tenant") | null;
                feeIncluded?: boolean | null;
            } | null;
            /** @description Monthly charges of a rental, whole euros. */
            charges?: number | null;
            /** @description Null for the ground floor or a house. */
            floor?: number | null;
            /** @description The agency’s own reference, shown to the public (« Réf. … »); unlike externalId it may change. Contact details in it are masked. */
            reference?: string | null;
            neighborhood?: string | null;
            /** @description Private: returned to the owning agency only. */
            addressLine?: string | null;
            features?: string[];
            sourceCrm?: ("crm_1" | "crm_2" | "crm_3" | "crm_4" | "other") | null;
            /** @description Read on creation only. */
            shareWithService?: boolean;
            /** @description Read on creation only. */
            shareWithRelay?: boolean;
            createdAtExternal?: string | null;
            updatedAtExternal?: string | null;
            dpeValue?: number | null;
            gesValue?: number | null;
            energyCostMin?: number | null;
            energyCostMax?: number | null;
            energyCostReferenceYear?: number | null;
            dpeDate?: string | null;
            furnished?: boolean | null;
            deposit?: number | null;
            tenantFees?: number | null;
            tenantInventoryFees?: number | null;
            rentControlled?: boolean | null;
            referenceRent?: number | null;
            rentSupplement?: number | null;
            feesPercent?: number | null;
            occupied?: boolean | null;
            lumpSum?: number | null;
            annuity?: number | null;
            marketValue?: number | null;
            georisques?: boolean | null;
        };
        IngestListing: {
            /** @description Unique within the agency software; the idempotence key. */
            externalId: string;
            /** @description At most 100 characters recommended (a warning beyond). */
            title: string;
            /** @enum {string} */
            transaction: "VENTE" | "LOCATION" | "VIAGER";
            /** @enum {string} */
            type: "APPARTEMENT" | "MAISON" | "DUPLEX" | "STUDIO" | "TERRAIN" | "PARKING" | "LOFT" | "LOCAL" | "BUREAU";
            /**
             * Format: int32
             * @description Whole euros; the monthly rent for LOCATION.
             */
            price: number;
            /** @description Monthly charges, rentals only. */
            charges?: number | null;
            /**
             * Format: int32
             * @description Whole square metres.
             */
            surface: number;
            /** Format: int32 */
            rooms: number;
            /** @description Left out or null: not stated, and the public pages show no bedroom count; the answers then give as many as rooms. */
            bedrooms?: number | null;
            /** @description Null for the ground floor or a house. */
            floor?: number | null;
            city: string;
            postcode: string;
            reference?: string | null;
            neighborhood?: string | null;
            addressLine?: string | null;
            /** @description Energy class A–G; null when not given. Must not be better than ges. */
            dpe?: ("A" | "B" | "C" | "D" | "E" | "F" | "G") | null;
            /** @description Greenhouse-gas class A–G (beyond the ingestion listing’s own fields, as in v1); null when not given. */
            ges?: ("A" | "B" | "C" | "D" | "E" | "F" | "G") | null;
            description?: string | null;
            features?: string[] | null;
            imageUrls?: string[] | null;
            /** @description Default active. */
            status?: ("active" | "sold" | "rented" | "under_offer" | "withdrawn") | null;
            sourceCrm?: ("crm_1" | "crm_2" | "crm_3" | "crm_4" | "other") | null;
            /** @description The agency’s fees (beyond the ingestion listing’s own fields, as in v1): feesPaidBy seller or buyer for VENTE and VIAGER, landlord or tenant for LOCATION; agencyFees not above the price of a sale. Null when not given. */
            fees?: {
                agencyFees?: number | null;
                feesPaidBy?: ("seller" | "buyer" | "landlord" | "tenant") | null;
                feeIncluded?: boolean | null;
            } | null;
            /** @description Read on creation only; default: the agency default. */
            shareWithService?: boolean;
            /** @description Read on creation only; default: the agency default. */
            shareWithRelay?: boolean;
            createdAtExternal?: string | null;
            updatedAtExternal?: string | null;
            dpeValue?: number | null;
            gesValue?: number | null;
            energyCostMin?: number | null;
            energyCostMax?: number | null;
            energyCostReferenceYear?: number | null;
            dpeDate?: string | null;
            furnished?: boolean | null;
            deposit?: number | null;
            tenantFees?: number | null;
            tenantInventoryFees?: number | null;
            rentControlled?: boolean | null;
            referenceRent?: number | null;
            rentSupplement?: number | null;
            feesPercent?: number | null;
            occupied?: boolean | null;
            lumpSum?: number | null;
            annuity?: number | null;
            marketValue?: number | null;
            georisques?: boolean | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up and its database answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready";
                        details?: {
                            webhooks: {
                                /**
                                 * Format: int32
                                 * @description Deliveries waiting for an attempt (counted up to 100,000).
                                 */
                                pending: number;
                                /**
                                 * Format: int32
                                 * @description Age of the oldest change still waiting for its delivery.
                                 */
                                oldestPendingSeconds: number | null;
                            };
                            /** @description The read replica of DATABASE_READ_URL, as its last check (every second) found it; null without one. Its lag does not change the status: past DATABASE_READ_MAX_LAG_MS, or unreachable, the site reads the primary instead. */
                            replica: {
                                reachable: boolean;
                                /** @description How long the oldest change the replica has not replayed has been committed (0: caught up), to about a second. */
                                lagSeconds: number | null;
                                /**
                                 * Format: int64
                                 * @description WAL the primary has written that the replica has not replayed.
                                 */
                                lagBytes: number | null;
                                /**
                                 * @description Where the public site, its sitemaps and the relay feed read now.
                                 * @enum {string}
                                 */
                                reading: "replica" | "primary";
                            } | null;
                        };
                    };
                };
            };
            /** @description The database does not answer: send traffic elsewhere. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "database unreachable" | "stopping";
                    };
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The key, its agency and plan, and every quota that applies with its limit, use and reset time. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agency: {
                            agencyId: string;
                            name: string;
                            /** @enum {string} */
                            plan: "solo" | "agence" | "reseau";
                            /** @enum {string} */
                            planName: "Pro Solo" | "Pro Agence" | "Pro Réseau";
                            verified: boolean;
                            /**
                             * Format: int32
                             * @description Most listings POST /v1/listings/batch takes on this plan.
                             */
                            batchSize: number;
                            /**
                             * Format: int32
                             * @description Webhook endpoints this plan allows.
                             */
                            webhooks: number;
                        };
                        key: {
                            keyId: string;
                            name: string;
                            /** @description Environment prefix and the first 4 random characters. */
                            display: string;
                            /** @enum {string} */
                            env: "live" | "test";
                            scopes: ("listings:read" | "listings:write" | "listings:delete" | "webhooks:manage" | "leads:read" | "leads:write")[];
                            /** Format: date-time */
                            createdAt: string;
                            lastUsedAt: string | null;
                        };
                        /** @description Every quota this key is subject to on v1 (rolling 24 hours). Empty when quotas are switched off. */
                        quotas: {
                            /**
                             * @description key: this key's own quota; plan: the agency's plan quota on v1, shared by its keys of this environment.
                             * @enum {string}
                             */
                            name: "key" | "plan";
                            /** Format: int32 */
                            limit: number;
                            /** Format: int32 */
                            used: number;
                            /** Format: int32 */
                            remaining: number;
                            /**
                             * Format: int64
                             * @description Unix seconds at which the oldest counted call leaves the rolling 24-hour window.
                             */
                            reset: number;
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listListings: {
        parameters: {
            query: {
                status?: "pending_moderation" | "rejected" | "active" | "under_offer" | "paused" | "sold" | "rented" | "withdrawn";
                page: number;
                pageSize: number;
                /** @description ISO 8601 with an offset, years 0001 to 9999; listings updated at or after it. A + offset may be sent URL-encoded (%2B) or as it is (a query string decodes it to a space, which is read as +). */
                modifiedSince?: string;
                /** @description Listings placed in this département (their location.departmentCode): 01–95, 2A and 2B for Corsica (2a and 2b are read as such; 20 is none), 971–976 overseas and the collectivities’ codes. An unknown code is a 400. Listings whose postcode and city name no commune are placed in a département only when every commune of the postcode lies in it. */
                departmentCode?: string;
                /** @description Listings placed in this région (their location.regionCode, the INSEE code: 84 for Auvergne-Rhône-Alpes). An unknown code is a 400. */
                regionCode?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the agency’s listings, most recently changed first, with the total and whether more pages follow. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ListingRecord"][];
                        /** Format: int32 */
                        page: number;
                        /** Format: int32 */
                        pageSize: number;
                        /** Format: int32 */
                        total: number;
                        hasMore: boolean;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    upsertListing: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
                /** @description "*": create only. */
                "if-none-match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListingCreate"];
            };
        };
        responses: {
            /** @description status is pending_moderation when the automatic check holds the listing for an operator, rejected when it refuses it, and the commercial status (active) when it approves it at once: moderation runs in the same request. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @description The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it. */
                        serviceId: string;
                        /** @description The agency’s identifier: the upsert key. */
                        externalId: string;
                        /** @enum {string} */
                        status: "pending_moderation" | "rejected" | "active" | "under_offer" | "paused" | "sold" | "rented" | "withdrawn";
                        /** Format: uri */
                        publicUrl: string;
                        /** Format: int32 */
                        version: number;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * @description unchanged: the content equals what is stored; no new version.
                         * @enum {string}
                         */
                        outcome: "created" | "updated" | "unchanged";
                        /** @description Remarks on the accepted listing: a title over 100 characters, contact details masking removed (and from which field), a postcode and city that name no commune (docs/geography.md). */
                        warnings: {
                            /**
                             * @description title_long: over 100 characters, cut on the site; contact_details_masked: masking replaced contact details in the field; postcode_city_mismatch: no commune of the postcode bears the city; postcode_unknown: no commune has the postcode.
                             * @enum {string}
                             */
                            code: "title_long" | "contact_details_masked" | "postcode_city_mismatch" | "postcode_unknown";
                            /**
                             * @description The field the warning is about.
                             * @enum {string}
                             */
                            field: "title" | "description" | "city" | "postcode";
                            /** @description In English. */
                            message: string;
                            /** @description The same in French, as the pro space shows it. */
                            messageFr: string;
                        }[];
                        /** @description Legal mentions the ad lacks (French law). Warnings only: publication is decided by moderation. */
                        compliance: {
                            /**
                             * @description Stable code of the legal-mention rule.
                             * @enum {string}
                             */
                            code: "energy_classes_missing" | "energy_cost_missing" | "excessive_consumption_mention" | "rental_energy_class" | "buyer_fees_incomplete" | "rental_terms_missing" | "reference_rent_missing" | "georisques_mention";
                            /** @description What is missing, in English. */
                            message: string;
                            /** @description The same in French, as the pro space shows it. */
                            messageFr: string;
                        }[];
                        /** @description The automatic moderation of this version: approved (public at once), pending (waits for an operator, with reasons) or rejected. */
                        moderation: {
                            /** @enum {string} */
                            state: "pending" | "approved" | "rejected";
                            reasons: {
                                /** @description Stable code of the rule (or operator) that spoke, e.g. dpe_missing, likely_duplicate, operator. */
                                code: string;
                                /**
                                 * @description reject: refused; review: waits for an operator; note: a remark that never holds the listing back.
                                 * @enum {string}
                                 */
                                severity: "reject" | "review" | "note";
                                /** @description What the rule found and what to do, in English. */
                                message: string;
                                /** @description The same in French, as the pro space shows it. */
                                messageFr: string;
                            }[];
                            publishedVersion: number | null;
                        };
                    };
                };
            };
            /** @description status is pending_moderation when the automatic check holds the listing for an operator, rejected when it refuses it, and the commercial status (active) when it approves it at once: moderation runs in the same request. */
            201: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    /** @description URL of what was created: the new listing, sync session or lead (GET it for the full record). */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        /** @description The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it. */
                        serviceId: string;
                        /** @description The agency’s identifier: the upsert key. */
                        externalId: string;
                        /** @enum {string} */
                        status: "pending_moderation" | "rejected" | "active" | "under_offer" | "paused" | "sold" | "rented" | "withdrawn";
                        /** Format: uri */
                        publicUrl: string;
                        /** Format: int32 */
                        version: number;
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * @description unchanged: the content equals what is stored; no new version.
                         * @enum {string}
                         */
                        outcome: "created" | "updated" | "unchanged";
                        /** @description Remarks on the accepted listing: a title over 100 characters, contact details masking removed (and from which field), a postcode and city that name no commune (docs/geography.md). */
                        warnings: {
                            /**
                             * @description title_long: over 100 characters, cut on the site; contact_details_masked: masking replaced contact details in the field; postcode_city_mismatch: no commune of the postcode bears the city; postcode_unknown: no commune has the postcode.
                             * @enum {string}
                             */
                            code: "title_long" | "contact_details_masked" | "postcode_city_mismatch" | "postcode_unknown";
                            /**
                             * @description The field the warning is about.
                             * @enum {string}
                             */
                            field: "title" | "description" | "city" | "postcode";
                            /** @description In English. */
                            message: string;
                            /** @description The same in French, as the pro space shows it. */
                            messageFr: string;
                        }[];
                        /** @description Legal mentions the ad lacks (French law). Warnings only: publication is decided by moderation. */
                        compliance: {
                            /**
                             * @description Stable code of the legal-mention rule.
                             * @enum {string}
                             */
                            code: "energy_classes_missing" | "energy_cost_missing" | "excessive_consumption_mention" | "rental_energy_class" | "buyer_fees_incomplete" | "rental_terms_missing" | "reference_rent_missing" | "georisques_mention";
                            /** @description What is missing, in English. */
                            message: string;
                            /** @description The same in French, as the pro space shows it. */
                            messageFr: string;
                        }[];
                        /** @description The automatic moderation of this version: approved (public at once), pending (waits for an operator, with reasons) or rejected. */
                        moderation: {
                            /** @enum {string} */
                            state: "pending" | "approved" | "rejected";
                            reasons: {
                                /** @description Stable code of the rule (or operator) that spoke, e.g. dpe_missing, likely_duplicate, operator. */
                                code: string;
                                /**
                                 * @description reject: refused; review: waits for an operator; note: a remark that never holds the listing back.
                                 * @enum {string}
                                 */
                                severity: "reject" | "review" | "note";
                                /** @description What the rule found and what to do, in English. */
                                message: string;
                                /** @description The same in French, as the pro space shows it. */
                                messageFr: string;
                            }[];
                            publishedVersion: number | null;
                        };
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description business_error: well-formed but inconsistent data; errors[] names the fields. */
            422: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getListing: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The listing’s serviceId. */
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The listing in v1 names; ETag "v{version}" is what If-Match takes. */
            200: {
                headers: {
                    /** @description "v{version}" */
                    ETag: string;
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListingRecord"];
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateListing: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag "v{version}" of the listing: refuse (412) if it changed since. */
                "if-match"?: string;
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The listing’s serviceId. */
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ListingUpdate"];
            };
        };
        responses: {
            /** @description The listing after the update; its version grew by 1 if anything changed. */
            200: {
                headers: {
                    /** @description "v{version}" */
                    ETag: string;
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it. */
                        serviceId: string;
                        /** @description The agency’s identifier: the upsert key. */
                        externalId: string;
                        /**
                         * @description pending_moderation while moderation is pending, rejected if refused, else the commercial status.
                         * @enum {string}
                         */
                        status: "pending_moderation" | "rejected" | "active" | "under_offer" | "paused" | "sold" | "rented" | "withdrawn";
                        /** @enum {string} */
                        commercialStatus: "active" | "under_offer" | "paused" | "sold" | "rented" | "withdrawn";
                        /**
                         * Format: int32
                         * @description Grows by 1 on every accepted change; the ETag is "v{version}".
                         */
                        version: number;
                        /** Format: uri */
                        publicUrl: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description Automatic moderation runs on creation and on every content change (docs/decisions.md §11). A change of price or charges alone of an approved listing never waits. */
                        moderation: {
                            /**
                             * @description pending: waits for an operator; approved: public (when shared and on sale or to let); rejected.
                             * @enum {string}
                             */
                            state: "pending" | "approved" | "rejected";
                            /** @description Why moderation decided so, one entry per rule that spoke. */
                            reasons: {
                                /** @description Stable code of the rule (or operator) that spoke, e.g. dpe_missing, likely_duplicate, operator. */
                                code: string;
                                /**
                                 * @description reject: refused; review: waits for an operator; note: a remark that never holds the listing back.
                                 * @enum {string}
                                 */
                                severity: "reject" | "review" | "note";
                                /** @description What the rule found and what to do, in English. */
                                message: string;
                                /** @description The same in French, as the pro space shows it. */
                                messageFr: string;
                            }[];
                            /** @description When the latest version was decided; null while it waits. */
                            decidedAt: string | null;
                            /** @description The version the public site shows: the last approved one. It stays public while a newer version waits. Null when none is. */
                            publishedVersion: number | null;
                        };
                        /**
                         * @description Kind of transaction (ingestion VENTE, LOCATION, VIAGER).
                         * @enum {string}
                         */
                        type: "sale" | "rental" | "life_annuity_sale";
                        /**
                         * @description Kind of property.
                         * @enum {string}
                         */
                        category: "apartment" | "house" | "duplex" | "studio" | "land" | "parking" | "loft" | "commercial" | "office";
                        /** @description At most 100 characters recommended. */
                        title: string;
                        /** @description Contact details are masked on the public site; see publicDescription. */
                        description: string | null;
                        /** @description The title exactly as the public site shows it. */
                        publicTitle: string;
                        /** @description The description exactly as the public site shows it. */
                        publicDescription: string | null;
                        /**
                         * Format: int32
                         * @description Whole euros; the monthly rent for a rental.
                         */
                        price: number;
                        priceUnit: string;
                        city: string;
                        /** @description French postcode. */
                        postcode: string;
                        /**
                         * Format: int32
                         * @description Whole square metres.
                         */
                        surface: number;
                        /** Format: int32 */
                        rooms: number;
                        /** @description Left out or null: not stated, and the public pages show no bedroom count; the answers then give as many as rooms. */
                        bedrooms: number | null;
                        /** @description Energy rating A–G; null when not communicated. Must not be better than ges. */
                        dpe: ("A" | "B" | "C" | "D" | "E" | "F" | "G") | null;
                        /** @description Greenhouse-gas rating A–G. */
                        ges: ("A" | "B" | "C" | "D" | "E" | "F" | "G") | null;
                        photos: {
                            /**
                             * Format: uri
                             * @description Public image URL, served as given (HTTPS recommended).
                             */
                            url: string;
                            label?: string | null;
                            /**
                             * Format: int32
                             * @description Position, from 0.
                             */
                            order: number;
                        }[];
                        fees: {
                            agencyFees?: number | null;
                            feesPaidBy?: ("seller" | "buyer" | "landlord" | "tenant") | null;
                            feeIncluded?: boolean | null;
                        } | null;
                        /** @description Monthly charges of a rental, whole euros. */
                        charges: number | null;
                        /** @description Null for the ground floor or a house. */
                        floor: number | null;
                        /** @description The agency’s own reference, shown to the public (« Réf. … »); unlike externalId it may change. Contact details in it are masked. */
                        reference: string | null;
                        neighborhood: string | null;
                        /** @description Private: returned to the owning agency only. */
                        addressLine: string | null;
                        features: string[];
                        sourceCrm: ("crm_1" | "crm_2" | "crm_3" | "crm_4" | "other") | null;
                        shareWithService: boolean;
                        shareWithRelay: boolean;
                        createdAtExternal: string | null;
                        updatedAtExternal: string | null;
                        dpeValue: number | null;
                        gesValue: number | null;
                        energyCostMin: number | null;
                        energyCostMax: number | null;
                        energyCostReferenceYear: number | null;
                        dpeDate: string | null;
                        furnished: boolean | null;
                        deposit: number | null;
                        tenantFees: number | null;
                        tenantInventoryFees: number | null;
                        rentControlled: boolean | null;
                        referenceRent: number | null;
                        rentSupplement: number | null;
                        feesPercent: number | null;
                        occupied: boolean | null;
                        lumpSum: number | null;
                        annuity: number | null;
                        marketValue: number | null;
                        georisques: boolean | null;
                        /** @description The listing’s place in the official geography, read by the service from postcode and city. The commune is null when they name none (see warnings); the département and région stay known when every commune of the postcode shares them. */
                        location: {
                            /** @description INSEE code of the commune, or of the arrondissement municipal in Paris, Lyon and Marseille (69383). */
                            inseeCode: string | null;
                            /** @description Official name of the commune (« Lyon 3e Arrondissement »). */
                            commune: string | null;
                            /** @description Département code: 01–95, 2A and 2B (Corsica), 971–976 and the overseas collectivities. */
                            departmentCode: string | null;
                            /** @description Official name of the département. */
                            department: string | null;
                            /** @description INSEE code of the région. */
                            regionCode: string | null;
                            /** @description Official name of the région. */
                            region: string | null;
                        };
                        /** @description Legal mentions the ad lacks (French law). Warnings only: publication is decided by moderation. */
                        compliance: {
                            /**
                             * @description Stable code of the legal-mention rule.
                             * @enum {string}
                             */
                            code: "energy_classes_missing" | "energy_cost_missing" | "excessive_consumption_mention" | "rental_energy_class" | "buyer_fees_incomplete" | "rental_terms_missing" | "reference_rent_missing" | "georisques_mention";
                            /** @description What is missing, in English. */
                            message: string;
                            /** @description The same in French, as the pro space shows it. */
                            messageFr: string;
                        }[];
                        /** @description Remarks on the accepted listing: a title over 100 characters, contact details masking removed (and from which field), a postcode and city that name no commune (docs/geography.md). */
                        warnings: {
                            /**
                             * @description title_long: over 100 characters, cut on the site; contact_details_masked: masking replaced contact details in the field; postcode_city_mismatch: no commune of the postcode bears the city; postcode_unknown: no commune has the postcode.
                             * @enum {string}
                             */
                            code: "title_long" | "contact_details_masked" | "postcode_city_mismatch" | "postcode_unknown";
                            /**
                             * @description The field the warning is about.
                             * @enum {string}
                             */
                            field: "title" | "description" | "city" | "postcode";
                            /** @description In English. */
                            message: string;
                            /** @description The same in French, as the pro space shows it. */
                            messageFr: string;
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description precondition_failed: If-Match does not match the current ETag. */
            412: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description business_error: well-formed but inconsistent data; errors[] names the fields. */
            422: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteListing: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag "v{version}" of the listing: refuse (412) if it changed since. */
                "if-match"?: string;
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The listing’s serviceId. */
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted: the listing has left the public site and every read. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it. */
                        serviceId: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description precondition_failed: If-Match does not match the current ETag. */
            412: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getListingByExternalId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The agency’s identifier of the listing. */
                externalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The listing in v1 names; ETag "v{version}" is what If-Match takes. */
            200: {
                headers: {
                    /** @description "v{version}" */
                    ETag: string;
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListingRecord"];
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setListingStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETag "v{version}" of the listing: refuse (412) if it changed since. */
                "if-match"?: string;
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The listing’s serviceId. */
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "sold"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status: "active" | "paused" | "sold" | "rented" | "withdrawn";
                };
            };
        };
        responses: {
            /** @description The listing with its new commercial status. */
            200: {
                headers: {
                    /** @description "v{version}" */
                    ETag: string;
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListingRecord"];
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description precondition_failed: If-Match does not match the current ETag. */
            412: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    batchUpsertListings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "listings": [
                 *         {
                 *           "externalId": "CRM-2002",
                 *           "reference": "VA-2001",
                 *           "type": "sale",
                 *           "category": "apartment",
                 *           "title": "T2 refait à neuf",
                 *           "description": "Au 2e étage avec ascenseur, séjour exposé sud, cuisine équipée, deux chambres.",
                 *           "price": 210000,
                 *           "priceUnit": "EUR",
                 *           "city": "Lyon",
                 *           "postcode": "69003",
                 *           "surface": 45,
                 *           "rooms": 2,
                 *           "bedrooms": 1,
                 *           "dpe": "C",
                 *           "ges": "B",
                 *           "energyCostMin": 890,
                 *           "energyCostMax": 1240,
                 *           "energyCostReferenceYear": 2025,
                 *           "photos": [
                 *             {
                 *               "url": "https://images.example.com/crm-2001/1.jpg",
                 *               "label": "Séjour",
                 *               "order": 0
                 *             }
                 *           ],
                 *           "fees": {
                 *             "agencyFees": 12000,
                 *             "feesPaidBy": "buyer",
                 *             "feeIncluded": true
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description At most the plan’s batch size: 10 (Solo), 50 (Agence), 100 (Réseau). */
                    listings: components["schemas"]["ListingCreate"][];
                };
            };
        };
        responses: {
            /** @description The request was well-formed: one result per item, in order, each created, updated, unchanged or error. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: int32 */
                        processed: number;
                        /** Format: int32 */
                        created: number;
                        /** Format: int32 */
                        updated: number;
                        /** Format: int32 */
                        unchanged: number;
                        /** Format: int32 */
                        failed: number;
                        results: {
                            /** Format: int32 */
                            index: number;
                            externalId: string | null;
                            /** @enum {string} */
                            outcome: "created" | "updated" | "unchanged" | "error";
                            serviceId: string | null;
                            version: number | null;
                            error: {
                                /** @enum {string} */
                                code: "validation_error" | "business_error" | "conflict";
                                message: string;
                                errors: {
                                    field: string;
                                    message: string;
                                }[];
                            } | null;
                            /** @description Remarks on the accepted listing: a title over 100 characters, contact details masking removed (and from which field), a postcode and city that name no commune (docs/geography.md). */
                            warnings: {
                                /**
                                 * @description title_long: over 100 characters, cut on the site; contact_details_masked: masking replaced contact details in the field; postcode_city_mismatch: no commune of the postcode bears the city; postcode_unknown: no commune has the postcode.
                                 * @enum {string}
                                 */
                                code: "title_long" | "contact_details_masked" | "postcode_city_mismatch" | "postcode_unknown";
                                /**
                                 * @description The field the warning is about.
                                 * @enum {string}
                                 */
                                field: "title" | "description" | "city" | "postcode";
                                /** @description In English. */
                                message: string;
                                /** @description The same in French, as the pro space shows it. */
                                messageFr: string;
                            }[];
                            /** @description Codes of the legal mentions the ad lacks (warnings only; read the listing for their messages, or see the codes in the README). */
                            compliance: ("energy_classes_missing" | "energy_cost_missing" | "excessive_consumption_mention" | "rental_energy_class" | "buyer_fees_incomplete" | "rental_terms_missing" | "reference_rent_missing" | "georisques_mention")[];
                            moderation: {
                                /** @enum {string} */
                                state: "pending" | "approved" | "rejected";
                                reasons: {
                                    /** @description Stable code of the rule that spoke (the README lists them; read the listing for the messages). */
                                    code: string;
                                    /** @enum {string} */
                                    severity: "reject" | "review" | "note";
                                }[];
                                publishedVersion: number | null;
                            } | null;
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description List the webhook endpoints: done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: {
                            /** @description The endpoint’s id (whk_…). */
                            webhookId: string;
                            /**
                             * @description live endpoints receive LIVE events, test endpoints (made with a TEST key) sandbox events only.
                             * @enum {string}
                             */
                            env: "live" | "test";
                            url: string;
                            description: string | null;
                            /** @description null: every type. */
                            events: ("listing.created" | "listing.updated" | "listing.status_changed" | "listing.deleted" | "listing.published" | "listing.rejected" | "lead.received" | "lead.message_received" | "webhook.test")[] | null;
                            enabled: boolean;
                            /** @description manual: disabled by the agency; failing: every attempt failed for 5 days, so the service disabled it. */
                            disabledReason: ("manual" | "failing") | null;
                            disabledAt: string | null;
                            /** @description Start of the current run of failed attempts; null after a success. */
                            failingSince: string | null;
                            /** @description During a rotation: until then deliveries carry a signature by the previous secret too. */
                            previousSecretValidUntil: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where deliveries are POSTed. https:// for LIVE endpoints (http:// is accepted in the sandbox); no user:password, no #fragment; never a loopback, private, link-local or metadata address — checked here for address literals and again on the resolved addresses at every delivery. To receive webhooks on your own machine, start a development service with WEBHOOK_ALLOW_PRIVATE=1, which lifts the address rule and accepts http:// on LIVE. */
                    url: string;
                    events?: ("listing.created" | "listing.updated" | "listing.status_changed" | "listing.deleted" | "listing.published" | "listing.rejected" | "lead.received" | "lead.message_received" | "webhook.test")[] | null;
                    /** @description A note for the agency’s people. */
                    description?: string | null;
                    /** @description Default true. */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Create a webhook endpoint: done. */
            201: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    /** @description URL of what was created: the new listing, sync session or lead (GET it for the full record). */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: {
                            /** @description The endpoint’s id (whk_…). */
                            webhookId: string;
                            /**
                             * @description live endpoints receive LIVE events, test endpoints (made with a TEST key) sandbox events only.
                             * @enum {string}
                             */
                            env: "live" | "test";
                            url: string;
                            description: string | null;
                            /** @description null: every type. */
                            events: ("listing.created" | "listing.updated" | "listing.status_changed" | "listing.deleted" | "listing.published" | "listing.rejected" | "lead.received" | "lead.message_received" | "webhook.test")[] | null;
                            enabled: boolean;
                            /** @description manual: disabled by the agency; failing: every attempt failed for 5 days, so the service disabled it. */
                            disabledReason: ("manual" | "failing") | null;
                            disabledAt: string | null;
                            /** @description Start of the current run of failed attempts; null after a success. */
                            failingSince: string | null;
                            /** @description During a rotation: until then deliveries carry a signature by the previous secret too. */
                            previousSecretValidUntil: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        /** @description The signing secret (Standard Webhooks). Shown in this answer only: store it now. */
                        secret: string;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint’s id (whk_…). */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One webhook endpoint: done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The endpoint’s id (whk_…). */
                        webhookId: string;
                        /**
                         * @description live endpoints receive LIVE events, test endpoints (made with a TEST key) sandbox events only.
                         * @enum {string}
                         */
                        env: "live" | "test";
                        url: string;
                        description: string | null;
                        /** @description null: every type. */
                        events: ("listing.created" | "listing.updated" | "listing.status_changed" | "listing.deleted" | "listing.published" | "listing.rejected" | "lead.received" | "lead.message_received" | "webhook.test")[] | null;
                        enabled: boolean;
                        /** @description manual: disabled by the agency; failing: every attempt failed for 5 days, so the service disabled it. */
                        disabledReason: ("manual" | "failing") | null;
                        disabledAt: string | null;
                        /** @description Start of the current run of failed attempts; null after a success. */
                        failingSince: string | null;
                        /** @description During a rotation: until then deliveries carry a signature by the previous secret too. */
                        previousSecretValidUntil: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The endpoint’s id (whk_…). */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Delete a webhook endpoint and its delivery log: done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The endpoint’s id (whk_…). */
                        webhookId: string;
                        /**
                         * @description Nothing more is sent to it; its log is gone.
                         * @enum {boolean}
                         */
                        deleted: true;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The endpoint’s id (whk_…). */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where deliveries are POSTed. https:// for LIVE endpoints (http:// is accepted in the sandbox); no user:password, no #fragment; never a loopback, private, link-local or metadata address — checked here for address literals and again on the resolved addresses at every delivery. To receive webhooks on your own machine, start a development service with WEBHOOK_ALLOW_PRIVATE=1, which lifts the address rule and accepts http:// on LIVE. */
                    url?: string;
                    events?: ("listing.created" | "listing.updated" | "listing.status_changed" | "listing.deleted" | "listing.published" | "listing.rejected" | "lead.received" | "lead.message_received" | "webhook.test")[] | null;
                    /** @description A note for the agency’s people. */
                    description?: string | null;
                    /** @description false stops deliveries and fails the waiting ones (retry them later); true starts again from the events committed from then on, and forgets past failures. */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Change a webhook endpoint (URL, events, description, enabled): done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The endpoint’s id (whk_…). */
                        webhookId: string;
                        /**
                         * @description live endpoints receive LIVE events, test endpoints (made with a TEST key) sandbox events only.
                         * @enum {string}
                         */
                        env: "live" | "test";
                        url: string;
                        description: string | null;
                        /** @description null: every type. */
                        events: ("listing.created" | "listing.updated" | "listing.status_changed" | "listing.deleted" | "listing.published" | "listing.rejected" | "lead.received" | "lead.message_received" | "webhook.test")[] | null;
                        enabled: boolean;
                        /** @description manual: disabled by the agency; failing: every attempt failed for 5 days, so the service disabled it. */
                        disabledReason: ("manual" | "failing") | null;
                        disabledAt: string | null;
                        /** @description Start of the current run of failed attempts; null after a success. */
                        failingSince: string | null;
                        /** @description During a rotation: until then deliveries carry a signature by the previous secret too. */
                        previousSecretValidUntil: string | null;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The endpoint’s id (whk_…). */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Replace the signing secret: done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: {
                            /** @description The endpoint’s id (whk_…). */
                            webhookId: string;
                            /**
                             * @description live endpoints receive LIVE events, test endpoints (made with a TEST key) sandbox events only.
                             * @enum {string}
                             */
                            env: "live" | "test";
                            url: string;
                            description: string | null;
                            /** @description null: every type. */
                            events: ("listing.created" | "listing.updated" | "listing.status_changed" | "listing.deleted" | "listing.published" | "listing.rejected" | "lead.received" | "lead.message_received" | "webhook.test")[] | null;
                            enabled: boolean;
                            /** @description manual: disabled by the agency; failing: every attempt failed for 5 days, so the service disabled it. */
                            disabledReason: ("manual" | "failing") | null;
                            disabledAt: string | null;
                            /** @description Start of the current run of failed attempts; null after a success. */
                            failingSince: string | null;
                            /** @description During a rotation: until then deliveries carry a signature by the previous secret too. */
                            previousSecretValidUntil: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                        /** @description The signing secret (Standard Webhooks). Shown in this answer only: store it now. */
                        secret: string;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The endpoint’s id (whk_…). */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Send a webhook.test message: done. */
            202: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The delivery’s id (msg_…), sent as webhook-id. */
                        deliveryId: string;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                state?: "pending" | "succeeded" | "failed";
                /** @description next of the previous page. */
                before?: string;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The endpoint’s id (whk_…). */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint’s delivery log, newest first: done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            /** @description The delivery’s id (msg_…), sent as webhook-id. */
                            deliveryId: string;
                            /** @enum {string} */
                            eventType: "listing.created" | "listing.updated" | "listing.status_changed" | "listing.deleted" | "listing.published" | "listing.rejected" | "lead.received" | "lead.message_received" | "webhook.test";
                            eventId: string | null;
                            /** @enum {string} */
                            state: "pending" | "succeeded" | "failed";
                            attempts: {
                                /** Format: int32 */
                                attempt: number;
                                /** Format: date-time */
                                at: string;
                                /** @description The receiver’s HTTP status; null when it gave none (timeout, refused address, reset…). */
                                status: number | null;
                                /** @description Why the attempt failed; null on success. */
                                error: string | null;
                                /** Format: int32 */
                                latencyMs: number;
                                /** @description The first KiB of the answer’s body. */
                                answer: string | null;
                            }[];
                            /** @description When the next automatic attempt is due; null when none is planned. */
                            nextAttemptAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                            /** @description The exact body sent. */
                            payload: string;
                        }[];
                        /** @description Pass as before for the next (older) page; null on the last. */
                        next: string | null;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The endpoint’s id (whk_…). */
                webhookId: string;
                /** @description The delivery’s id (msg_…), sent as webhook-id. */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Attempt a delivery again, now: done. */
            202: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The delivery’s id (msg_…), sent as webhook-id. */
                        deliveryId: string;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listLeads: {
        parameters: {
            query: {
                /** @description Only the conversations with this status. */
                status?: "new" | "read" | "replied" | "archived";
                /** @description ISO 8601 with an offset, years 0001 to 9999: only the conversations whose latest message (either side) was written at or after it. A + offset may be sent URL-encoded (%2B) or as it is. */
                since?: string;
                /** @description nextCursor of the previous page, as it was given: opaque, never build one. */
                after?: string;
                limit: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of conversations, oldest first, without their messages. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @description The conversation’s id (lead_…). */
                            leadId: string;
                            /** @description The listing the visitor wrote about. */
                            serviceId: string;
                            /** @description The listing’s externalId when the visitor wrote: find it in the CRM by it. */
                            externalId: string;
                            /** @description The listing’s title as the public site shows it. */
                            listingTitle: string;
                            /**
                             * @description new: a visitor message the agency has not dealt with (a conversation is new again when the visitor writes again); read: opened; replied: the agency answered last; archived: filed away by the agency.
                             * @enum {string}
                             */
                            status: "new" | "read" | "replied" | "archived";
                            visitor: {
                                name: string;
                                email: string;
                                /** @description null when not given, or erased by the visitor’s deletion. */
                                phone: string | null;
                            };
                            /**
                             * Format: date-time
                             * @description When the visitor’s first message arrived.
                             */
                            receivedAt: string;
                            /**
                             * Format: date-time
                             * @description When the latest message of either side was written: what since filters on.
                             */
                            lastMessageAt: string;
                            /** Format: int32 */
                            messageCount: number;
                            /**
                             * Format: int32
                             * @description The visitor’s messages written after the agency last opened the conversation in the pro space, answered it or filed it as read.
                             */
                            unreadCount: number;
                            /** @description When the visitor deleted the conversation: its messages and the phone are erased, name and e-mail stay, and it takes no more replies (409). */
                            deletedByVisitor: string | null;
                        }[];
                        /** @description Pass it as after for the next page; null on the last page. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sandboxCreateLead: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                 *       "name": "Camille Martin",
                 *       "email": "camille.martin@example.org",
                 *       "message": "Bonjour, ce T3 est-il toujours disponible ? Je peux visiter en fin de semaine."
                 *     }
                 */
                "application/json": {
                    /** @description One of the agency’s sandbox listings. */
                    serviceId: string;
                    /** @description The pretend visitor’s name. */
                    name: string;
                    /** @description The pretend visitor’s e-mail. Nothing is sent to it: the sandbox keeps its mails in the mailbox. */
                    email: string;
                    /** @description The first message, plain text. */
                    message: string;
                };
            };
        };
        responses: {
            /** @description The test conversation, with the visitor’s first message. */
            201: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    /** @description URL of what was created: the new listing, sync session or lead (GET it for the full record). */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "leadId": "lead_0Ph3kS1mN4bV7cX2zA5qW",
                     *       "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                     *       "externalId": "CRM-2001",
                     *       "listingTitle": "T3 lumineux avec balcon",
                     *       "status": "replied",
                     *       "visitor": {
                     *         "name": "Camille Martin",
                     *         "email": "camille.martin@example.org",
                     *         "phone": "06 12 34 56 78"
                     *       },
                     *       "receivedAt": "2026-11-24T09:41:07.120Z",
                     *       "lastMessageAt": "2026-11-24T10:02:13.480Z",
                     *       "messageCount": 2,
                     *       "unreadCount": 0,
                     *       "deletedByVisitor": null,
                     *       "messages": [
                     *         {
                     *           "messageId": "lmsg_0Ph3kS1mN4bV7cX2zA5qW",
                     *           "author": "visitor",
                     *           "writtenBy": null,
                     *           "text": "Bonjour, ce T3 est-il toujours disponible ? Je peux visiter en fin de semaine.",
                     *           "createdAt": "2026-11-24T09:41:07.120Z"
                     *         },
                     *         {
                     *           "messageId": "lmsg_0Ph3kU2wQ7eR4tY1uI8oP",
                     *           "author": "agency",
                     *           "writtenBy": {
                     *             "kind": "key",
                     *             "id": "key_0Ph3kT5rE8wU3yI6oP9aS",
                     *             "label": "CRM"
                     *           },
                     *           "text": "Bonjour,\nle bien est toujours disponible. Une visite samedi à 10 h vous conviendrait-elle ?",
                     *           "createdAt": "2026-11-24T10:02:13.480Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description The conversation’s id (lead_…). */
                        leadId: string;
                        /** @description The listing the visitor wrote about. */
                        serviceId: string;
                        /** @description The listing’s externalId when the visitor wrote: find it in the CRM by it. */
                        externalId: string;
                        /** @description The listing’s title as the public site shows it. */
                        listingTitle: string;
                        /**
                         * @description new: a visitor message the agency has not dealt with (a conversation is new again when the visitor writes again); read: opened; replied: the agency answered last; archived: filed away by the agency.
                         * @enum {string}
                         */
                        status: "new" | "read" | "replied" | "archived";
                        visitor: {
                            name: string;
                            email: string;
                            /** @description null when not given, or erased by the visitor’s deletion. */
                            phone: string | null;
                        };
                        /**
                         * Format: date-time
                         * @description When the visitor’s first message arrived.
                         */
                        receivedAt: string;
                        /**
                         * Format: date-time
                         * @description When the latest message of either side was written: what since filters on.
                         */
                        lastMessageAt: string;
                        /** Format: int32 */
                        messageCount: number;
                        /**
                         * Format: int32
                         * @description The visitor’s messages written after the agency last opened the conversation in the pro space, answered it or filed it as read.
                         */
                        unreadCount: number;
                        /** @description When the visitor deleted the conversation: its messages and the phone are erased, name and e-mail stay, and it takes no more replies (409). */
                        deletedByVisitor: string | null;
                        /** @description Oldest first. */
                        messages: {
                            /** @description The message’s id (lmsg_…). */
                            messageId: string;
                            /** @enum {string} */
                            author: "visitor" | "agency";
                            /** @description Who wrote an agency message; null for the visitor’s. The visitor never sees it. */
                            writtenBy: {
                                /**
                                 * @description user: a pro user of the agency; key: one of its API keys.
                                 * @enum {string}
                                 */
                                kind: "user" | "key";
                                /** @description The pro user’s id (usr_…) or the key’s id (key_…). */
                                id: string;
                                /** @description The pro user’s e-mail or the key’s name. */
                                label: string;
                            } | null;
                            /** @description Plain text as written, line breaks included; never HTML. */
                            text: string;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The conversation’s id (lead_…). */
                leadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversation with its messages, oldest first. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "leadId": "lead_0Ph3kS1mN4bV7cX2zA5qW",
                     *       "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                     *       "externalId": "CRM-2001",
                     *       "listingTitle": "T3 lumineux avec balcon",
                     *       "status": "replied",
                     *       "visitor": {
                     *         "name": "Camille Martin",
                     *         "email": "camille.martin@example.org",
                     *         "phone": "06 12 34 56 78"
                     *       },
                     *       "receivedAt": "2026-11-24T09:41:07.120Z",
                     *       "lastMessageAt": "2026-11-24T10:02:13.480Z",
                     *       "messageCount": 2,
                     *       "unreadCount": 0,
                     *       "deletedByVisitor": null,
                     *       "messages": [
                     *         {
                     *           "messageId": "lmsg_0Ph3kS1mN4bV7cX2zA5qW",
                     *           "author": "visitor",
                     *           "writtenBy": null,
                     *           "text": "Bonjour, ce T3 est-il toujours disponible ? Je peux visiter en fin de semaine.",
                     *           "createdAt": "2026-11-24T09:41:07.120Z"
                     *         },
                     *         {
                     *           "messageId": "lmsg_0Ph3kU2wQ7eR4tY1uI8oP",
                     *           "author": "agency",
                     *           "writtenBy": {
                     *             "kind": "key",
                     *             "id": "key_0Ph3kT5rE8wU3yI6oP9aS",
                     *             "label": "CRM"
                     *           },
                     *           "text": "Bonjour,\nle bien est toujours disponible. Une visite samedi à 10 h vous conviendrait-elle ?",
                     *           "createdAt": "2026-11-24T10:02:13.480Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description The conversation’s id (lead_…). */
                        leadId: string;
                        /** @description The listing the visitor wrote about. */
                        serviceId: string;
                        /** @description The listing’s externalId when the visitor wrote: find it in the CRM by it. */
                        externalId: string;
                        /** @description The listing’s title as the public site shows it. */
                        listingTitle: string;
                        /**
                         * @description new: a visitor message the agency has not dealt with (a conversation is new again when the visitor writes again); read: opened; replied: the agency answered last; archived: filed away by the agency.
                         * @enum {string}
                         */
                        status: "new" | "read" | "replied" | "archived";
                        visitor: {
                            name: string;
                            email: string;
                            /** @description null when not given, or erased by the visitor’s deletion. */
                            phone: string | null;
                        };
                        /**
                         * Format: date-time
                         * @description When the visitor’s first message arrived.
                         */
                        receivedAt: string;
                        /**
                         * Format: date-time
                         * @description When the latest message of either side was written: what since filters on.
                         */
                        lastMessageAt: string;
                        /** Format: int32 */
                        messageCount: number;
                        /**
                         * Format: int32
                         * @description The visitor’s messages written after the agency last opened the conversation in the pro space, answered it or filed it as read.
                         */
                        unreadCount: number;
                        /** @description When the visitor deleted the conversation: its messages and the phone are erased, name and e-mail stay, and it takes no more replies (409). */
                        deletedByVisitor: string | null;
                        /** @description Oldest first. */
                        messages: {
                            /** @description The message’s id (lmsg_…). */
                            messageId: string;
                            /** @enum {string} */
                            author: "visitor" | "agency";
                            /** @description Who wrote an agency message; null for the visitor’s. The visitor never sees it. */
                            writtenBy: {
                                /**
                                 * @description user: a pro user of the agency; key: one of its API keys.
                                 * @enum {string}
                                 */
                                kind: "user" | "key";
                                /** @description The pro user’s id (usr_…) or the key’s id (key_…). */
                                id: string;
                                /** @description The pro user’s e-mail or the key’s name. */
                                label: string;
                            } | null;
                            /** @description Plain text as written, line breaks included; never HTML. */
                            text: string;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    setLeadStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The conversation’s id (lead_…). */
                leadId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "archived"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status: "new" | "read" | "replied" | "archived";
                };
            };
        };
        responses: {
            /** @description The conversation with its new status and its messages. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "leadId": "lead_0Ph3kS1mN4bV7cX2zA5qW",
                     *       "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                     *       "externalId": "CRM-2001",
                     *       "listingTitle": "T3 lumineux avec balcon",
                     *       "status": "replied",
                     *       "visitor": {
                     *         "name": "Camille Martin",
                     *         "email": "camille.martin@example.org",
                     *         "phone": "06 12 34 56 78"
                     *       },
                     *       "receivedAt": "2026-11-24T09:41:07.120Z",
                     *       "lastMessageAt": "2026-11-24T10:02:13.480Z",
                     *       "messageCount": 2,
                     *       "unreadCount": 0,
                     *       "deletedByVisitor": null,
                     *       "messages": [
                     *         {
                     *           "messageId": "lmsg_0Ph3kS1mN4bV7cX2zA5qW",
                     *           "author": "visitor",
                     *           "writtenBy": null,
                     *           "text": "Bonjour, ce T3 est-il toujours disponible ? Je peux visiter en fin de semaine.",
                     *           "createdAt": "2026-11-24T09:41:07.120Z"
                     *         },
                     *         {
                     *           "messageId": "lmsg_0Ph3kU2wQ7eR4tY1uI8oP",
                     *           "author": "agency",
                     *           "writtenBy": {
                     *             "kind": "key",
                     *             "id": "key_0Ph3kT5rE8wU3yI6oP9aS",
                     *             "label": "CRM"
                     *           },
                     *           "text": "Bonjour,\nle bien est toujours disponible. Une visite samedi à 10 h vous conviendrait-elle ?",
                     *           "createdAt": "2026-11-24T10:02:13.480Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description The conversation’s id (lead_…). */
                        leadId: string;
                        /** @description The listing the visitor wrote about. */
                        serviceId: string;
                        /** @description The listing’s externalId when the visitor wrote: find it in the CRM by it. */
                        externalId: string;
                        /** @description The listing’s title as the public site shows it. */
                        listingTitle: string;
                        /**
                         * @description new: a visitor message the agency has not dealt with (a conversation is new again when the visitor writes again); read: opened; replied: the agency answered last; archived: filed away by the agency.
                         * @enum {string}
                         */
                        status: "new" | "read" | "replied" | "archived";
                        visitor: {
                            name: string;
                            email: string;
                            /** @description null when not given, or erased by the visitor’s deletion. */
                            phone: string | null;
                        };
                        /**
                         * Format: date-time
                         * @description When the visitor’s first message arrived.
                         */
                        receivedAt: string;
                        /**
                         * Format: date-time
                         * @description When the latest message of either side was written: what since filters on.
                         */
                        lastMessageAt: string;
                        /** Format: int32 */
                        messageCount: number;
                        /**
                         * Format: int32
                         * @description The visitor’s messages written after the agency last opened the conversation in the pro space, answered it or filed it as read.
                         */
                        unreadCount: number;
                        /** @description When the visitor deleted the conversation: its messages and the phone are erased, name and e-mail stay, and it takes no more replies (409). */
                        deletedByVisitor: string | null;
                        /** @description Oldest first. */
                        messages: {
                            /** @description The message’s id (lmsg_…). */
                            messageId: string;
                            /** @enum {string} */
                            author: "visitor" | "agency";
                            /** @description Who wrote an agency message; null for the visitor’s. The visitor never sees it. */
                            writtenBy: {
                                /**
                                 * @description user: a pro user of the agency; key: one of its API keys.
                                 * @enum {string}
                                 */
                                kind: "user" | "key";
                                /** @description The pro user’s id (usr_…) or the key’s id (key_…). */
                                id: string;
                                /** @description The pro user’s e-mail or the key’s name. */
                                label: string;
                            } | null;
                            /** @description Plain text as written, line breaks included; never HTML. */
                            text: string;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replyToLead: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The conversation’s id (lead_…). */
                leadId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "text": "Bonjour,\nle bien est toujours disponible. Une visite samedi à 10 h vous conviendrait-elle ?"
                 *     }
                 */
                "application/json": {
                    /** @description Plain text (no HTML: it is shown as typed), at most 5,000 characters once blank lines at the start and blank space at the end are trimmed; not blank. */
                    text: string;
                };
            };
        };
        responses: {
            /** @description The answer was added and mailed: the conversation with its messages, the answer last. */
            201: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    /** @description URL of what was created: the new listing, sync session or lead (GET it for the full record). */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "leadId": "lead_0Ph3kS1mN4bV7cX2zA5qW",
                     *       "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                     *       "externalId": "CRM-2001",
                     *       "listingTitle": "T3 lumineux avec balcon",
                     *       "status": "replied",
                     *       "visitor": {
                     *         "name": "Camille Martin",
                     *         "email": "camille.martin@example.org",
                     *         "phone": "06 12 34 56 78"
                     *       },
                     *       "receivedAt": "2026-11-24T09:41:07.120Z",
                     *       "lastMessageAt": "2026-11-24T10:02:13.480Z",
                     *       "messageCount": 2,
                     *       "unreadCount": 0,
                     *       "deletedByVisitor": null,
                     *       "messages": [
                     *         {
                     *           "messageId": "lmsg_0Ph3kS1mN4bV7cX2zA5qW",
                     *           "author": "visitor",
                     *           "writtenBy": null,
                     *           "text": "Bonjour, ce T3 est-il toujours disponible ? Je peux visiter en fin de semaine.",
                     *           "createdAt": "2026-11-24T09:41:07.120Z"
                     *         },
                     *         {
                     *           "messageId": "lmsg_0Ph3kU2wQ7eR4tY1uI8oP",
                     *           "author": "agency",
                     *           "writtenBy": {
                     *             "kind": "key",
                     *             "id": "key_0Ph3kT5rE8wU3yI6oP9aS",
                     *             "label": "CRM"
                     *           },
                     *           "text": "Bonjour,\nle bien est toujours disponible. Une visite samedi à 10 h vous conviendrait-elle ?",
                     *           "createdAt": "2026-11-24T10:02:13.480Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @description The conversation’s id (lead_…). */
                        leadId: string;
                        /** @description The listing the visitor wrote about. */
                        serviceId: string;
                        /** @description The listing’s externalId when the visitor wrote: find it in the CRM by it. */
                        externalId: string;
                        /** @description The listing’s title as the public site shows it. */
                        listingTitle: string;
                        /**
                         * @description new: a visitor message the agency has not dealt with (a conversation is new again when the visitor writes again); read: opened; replied: the agency answered last; archived: filed away by the agency.
                         * @enum {string}
                         */
                        status: "new" | "read" | "replied" | "archived";
                        visitor: {
                            name: string;
                            email: string;
                            /** @description null when not given, or erased by the visitor’s deletion. */
                            phone: string | null;
                        };
                        /**
                         * Format: date-time
                         * @description When the visitor’s first message arrived.
                         */
                        receivedAt: string;
                        /**
                         * Format: date-time
                         * @description When the latest message of either side was written: what since filters on.
                         */
                        lastMessageAt: string;
                        /** Format: int32 */
                        messageCount: number;
                        /**
                         * Format: int32
                         * @description The visitor’s messages written after the agency last opened the conversation in the pro space, answered it or filed it as read.
                         */
                        unreadCount: number;
                        /** @description When the visitor deleted the conversation: its messages and the phone are erased, name and e-mail stay, and it takes no more replies (409). */
                        deletedByVisitor: string | null;
                        /** @description Oldest first. */
                        messages: {
                            /** @description The message’s id (lmsg_…). */
                            messageId: string;
                            /** @enum {string} */
                            author: "visitor" | "agency";
                            /** @description Who wrote an agency message; null for the visitor’s. The visitor never sees it. */
                            writtenBy: {
                                /**
                                 * @description user: a pro user of the agency; key: one of its API keys.
                                 * @enum {string}
                                 */
                                kind: "user" | "key";
                                /** @description The pro user’s id (usr_…) or the key’s id (key_…). */
                                id: string;
                                /** @description The pro user’s e-mail or the key’s name. */
                                label: string;
                            } | null;
                            /** @description Plain text as written, line breaks included; never HTML. */
                            text: string;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getListingPerformance: {
        parameters: {
            query?: {
                /** @description First day, YYYY-MM-DD (a day in Europe/Paris), included. Default: the 28 days ending on to. */
                from?: string;
                /** @description Last day, YYYY-MM-DD (a day in Europe/Paris), included. Default: today in Paris. */
                to?: string;
            };
            header?: never;
            path: {
                /** @description The listing’s serviceId. */
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The listing’s audience on the public site, day by day. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                     *       "from": "2026-11-23",
                     *       "to": "2026-11-23",
                     *       "days": [
                     *         {
                     *           "day": "2026-11-23",
                     *           "desktop": {
                     *             "searchAppearances": 212,
                     *             "detailViews": 18,
                     *             "leads": 1
                     *           },
                     *           "mobile": {
                     *             "searchAppearances": 341,
                     *             "detailViews": 29,
                     *             "leads": 0
                     *           },
                     *           "total": {
                     *             "searchAppearances": 553,
                     *             "detailViews": 47,
                     *             "leads": 1
                     *           }
                     *         }
                     *       ],
                     *       "total": {
                     *         "searchAppearances": 553,
                     *         "detailViews": 47,
                     *         "leads": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @description The listing. */
                        serviceId: string;
                        /**
                         * Format: date
                         * @description First day of the period, included.
                         */
                        from: string;
                        /**
                         * Format: date
                         * @description Last day of the period, included.
                         */
                        to: string;
                        /** @description Every day of the period, oldest first, days without visits included (zeros). */
                        days: {
                            /**
                             * Format: date
                             * @description A day in Europe/Paris.
                             */
                            day: string;
                            /** @description Visits from computers. */
                            desktop: {
                                /**
                                 * Format: int64
                                 * @description Times the listing was shown on a results page or the home page of the site.
                                 */
                                searchAppearances: number;
                                /**
                                 * Format: int64
                                 * @description Times its public page was answered (200), from the page cache or not.
                                 */
                                detailViews: number;
                                /**
                                 * Format: int64
                                 * @description Conversations visitors opened on it through the site.
                                 */
                                leads: number;
                            };
                            /** @description Visits from phones and tablets whose browser says so. */
                            mobile: {
                                /**
                                 * Format: int64
                                 * @description Times the listing was shown on a results page or the home page of the site.
                                 */
                                searchAppearances: number;
                                /**
                                 * Format: int64
                                 * @description Times its public page was answered (200), from the page cache or not.
                                 */
                                detailViews: number;
                                /**
                                 * Format: int64
                                 * @description Conversations visitors opened on it through the site.
                                 */
                                leads: number;
                            };
                            /** @description desktop and mobile together. */
                            total: {
                                /**
                                 * Format: int64
                                 * @description Times the listing was shown on a results page or the home page of the site.
                                 */
                                searchAppearances: number;
                                /**
                                 * Format: int64
                                 * @description Times its public page was answered (200), from the page cache or not.
                                 */
                                detailViews: number;
                                /**
                                 * Format: int64
                                 * @description Conversations visitors opened on it through the site.
                                 */
                                leads: number;
                            };
                        }[];
                        /** @description The whole period. */
                        total: {
                            /**
                             * Format: int64
                             * @description Times the listing was shown on a results page or the home page of the site.
                             */
                            searchAppearances: number;
                            /**
                             * Format: int64
                             * @description Times its public page was answered (200), from the page cache or not.
                             */
                            detailViews: number;
                            /**
                             * Format: int64
                             * @description Conversations visitors opened on it through the site.
                             */
                            leads: number;
                        };
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getAgencyPerformance: {
        parameters: {
            query?: {
                /** @description First day, YYYY-MM-DD (a day in Europe/Paris), included. Default: the 28 days ending on to. */
                from?: string;
                /** @description Last day, YYYY-MM-DD (a day in Europe/Paris), included. Default: today in Paris. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audience of all the agency’s listings on the public site, day by day. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "from": "2026-11-23",
                     *       "to": "2026-11-23",
                     *       "days": [
                     *         {
                     *           "day": "2026-11-23",
                     *           "desktop": {
                     *             "searchAppearances": 212,
                     *             "detailViews": 18,
                     *             "leads": 1
                     *           },
                     *           "mobile": {
                     *             "searchAppearances": 341,
                     *             "detailViews": 29,
                     *             "leads": 0
                     *           },
                     *           "total": {
                     *             "searchAppearances": 553,
                     *             "detailViews": 47,
                     *             "leads": 1
                     *           }
                     *         }
                     *       ],
                     *       "total": {
                     *         "searchAppearances": 553,
                     *         "detailViews": 47,
                     *         "leads": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        /**
                         * Format: date
                         * @description First day of the period, included.
                         */
                        from: string;
                        /**
                         * Format: date
                         * @description Last day of the period, included.
                         */
                        to: string;
                        /** @description Every day of the period, oldest first, days without visits included (zeros). */
                        days: {
                            /**
                             * Format: date
                             * @description A day in Europe/Paris.
                             */
                            day: string;
                            /** @description Visits from computers. */
                            desktop: {
                                /**
                                 * Format: int64
                                 * @description Times the listing was shown on a results page or the home page of the site.
                                 */
                                searchAppearances: number;
                                /**
                                 * Format: int64
                                 * @description Times its public page was answered (200), from the page cache or not.
                                 */
                                detailViews: number;
                                /**
                                 * Format: int64
                                 * @description Conversations visitors opened on it through the site.
                                 */
                                leads: number;
                            };
                            /** @description Visits from phones and tablets whose browser says so. */
                            mobile: {
                                /**
                                 * Format: int64
                                 * @description Times the listing was shown on a results page or the home page of the site.
                                 */
                                searchAppearances: number;
                                /**
                                 * Format: int64
                                 * @description Times its public page was answered (200), from the page cache or not.
                                 */
                                detailViews: number;
                                /**
                                 * Format: int64
                                 * @description Conversations visitors opened on it through the site.
                                 */
                                leads: number;
                            };
                            /** @description desktop and mobile together. */
                            total: {
                                /**
                                 * Format: int64
                                 * @description Times the listing was shown on a results page or the home page of the site.
                                 */
                                searchAppearances: number;
                                /**
                                 * Format: int64
                                 * @description Times its public page was answered (200), from the page cache or not.
                                 */
                                detailViews: number;
                                /**
                                 * Format: int64
                                 * @description Conversations visitors opened on it through the site.
                                 */
                                leads: number;
                            };
                        }[];
                        /** @description The whole period. */
                        total: {
                            /**
                             * Format: int64
                             * @description Times the listing was shown on a results page or the home page of the site.
                             */
                            searchAppearances: number;
                            /**
                             * Format: int64
                             * @description Times its public page was answered (200), from the page cache or not.
                             */
                            detailViews: number;
                            /**
                             * Format: int64
                             * @description Conversations visitors opened on it through the site.
                             */
                            leads: number;
                        };
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sandboxDecideModeration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The listing’s serviceId. */
                serviceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description approve publishes the listing’s latest version; reject refuses it.
                     * @enum {string}
                     */
                    decision: "approve" | "reject";
                    /** @description Shown with the decision, as an operator’s would be. */
                    reason?: string;
                    /**
                     * Format: int32
                     * @description The version you decide on: a listing changed since is refused (409), as for an operator.
                     */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Sandbox: approve or reject a listing as an operator would: done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The listing’s serviceId. */
                        serviceId: string;
                        externalId: string;
                        /** Format: int32 */
                        version: number;
                        /** @enum {string} */
                        status: "pending_moderation" | "rejected" | "active" | "under_offer" | "paused" | "sold" | "rented" | "withdrawn";
                        /** @description Automatic moderation runs on creation and on every content change (docs/decisions.md §11). A change of price or charges alone of an approved listing never waits. */
                        moderation: {
                            /**
                             * @description pending: waits for an operator; approved: public (when shared and on sale or to let); rejected.
                             * @enum {string}
                             */
                            state: "pending" | "approved" | "rejected";
                            /** @description Why moderation decided so, one entry per rule that spoke. */
                            reasons: {
                                /** @description Stable code of the rule (or operator) that spoke, e.g. dpe_missing, likely_duplicate, operator. */
                                code: string;
                                /**
                                 * @description reject: refused; review: waits for an operator; note: a remark that never holds the listing back.
                                 * @enum {string}
                                 */
                                severity: "reject" | "review" | "note";
                                /** @description What the rule found and what to do, in English. */
                                message: string;
                                /** @description The same in French, as the pro space shows it. */
                                messageFr: string;
                            }[];
                            /** @description When the latest version was decided; null while it waits. */
                            decidedAt: string | null;
                            /** @description The version the public site shows: the last approved one. It stays public while a newer version waits. Null when none is. */
                            publishedVersion: number | null;
                        };
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    ingestListings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "listings": [
                 *         {
                 *           "externalId": "CRM-1042",
                 *           "reference": "VM-1042",
                 *           "title": "Maison familiale avec jardin",
                 *           "transaction": "VENTE",
                 *           "type": "MAISON",
                 *           "price": 465000,
                 *           "surface": 120,
                 *           "rooms": 5,
                 *           "bedrooms": 4,
                 *           "city": "Nantes",
                 *           "postcode": "44300",
                 *           "neighborhood": "Erdre",
                 *           "dpe": "D",
                 *           "ges": "C",
                 *           "energyCostMin": 1610,
                 *           "energyCostMax": 2230,
                 *           "energyCostReferenceYear": 2025,
                 *           "fees": {
                 *             "agencyFees": 15000,
                 *             "feesPaidBy": "buyer",
                 *             "feeIncluded": true
                 *           },
                 *           "description": "Maison de 2005 sur 600 m² de terrain, garage double, proche des écoles.",
                 *           "features": [
                 *             "garden",
                 *             "garage"
                 *           ],
                 *           "imageUrls": [
                 *             "https://images.example.com/crm-1042/1.jpg"
                 *           ],
                 *           "status": "active",
                 *           "sourceCrm": "other",
                 *           "updatedAtExternal": "2026-03-01T06:00:00Z"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    listings: components["schemas"]["IngestListing"][];
                    /** @description Optional: the open full sync session this push belongs to. Its listings count as seen by the session (rejected ones too); an unknown session is 404, a completed or expired one 409, and then nothing is written. */
                    syncId?: string;
                };
            };
        };
        responses: {
            /** @description The push was processed: counters, and one entry in errors[] per rejected listing (the others are written). */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agencyId: string;
                        /**
                         * Format: int32
                         * @description created + updated + unchanged + errors.length
                         */
                        processed: number;
                        /** Format: int32 */
                        created: number;
                        /** Format: int32 */
                        updated: number;
                        /**
                         * Format: int32
                         * @description Content equal to what is stored: no new version.
                         */
                        unchanged: number;
                        errors: {
                            /**
                             * Format: int32
                             * @description Position in the pushed listings array.
                             */
                            index: number;
                            /** @description The listing’s externalId; null when it is missing or is not a valid one. */
                            externalId: string | null;
                            /** @description Human-readable: names the field and the rule. */
                            reason: string;
                            details: {
                                field: string;
                                message: string;
                            }[];
                        }[];
                        /** @description Remarks on accepted listings: a long title, masked contact details, a postcode and city that name no commune. */
                        warnings: {
                            /** Format: int32 */
                            index: number;
                            externalId: string;
                            /**
                             * @description title_long: over 100 characters, cut on the site; contact_details_masked: masking replaced contact details in the field; postcode_city_mismatch: no commune of the postcode bears the city; postcode_unknown: no commune has the postcode.
                             * @enum {string}
                             */
                            code: "title_long" | "contact_details_masked" | "postcode_city_mismatch" | "postcode_unknown";
                            /**
                             * @description The field the warning is about.
                             * @enum {string}
                             */
                            field: "title" | "description" | "city" | "postcode";
                            /** @description In English. */
                            message: string;
                            /** @description The same in French, as the pro space shows it. */
                            messageFr: string;
                        }[];
                        /** @description One entry per pushed listing, in order: what became of it. */
                        results: {
                            /**
                             * Format: int32
                             * @description Position in the pushed listings array.
                             */
                            index: number;
                            /** @description null when the item carried no valid externalId. */
                            externalId: string | null;
                            /**
                             * @description error: see the entry of errors[] with the same index.
                             * @enum {string}
                             */
                            outcome: "created" | "updated" | "unchanged" | "error";
                            /** @description The service’s id of the listing; null for an error. */
                            serviceId: string | null;
                            /** @description The listing’s version after the push; null for an error. */
                            version: number | null;
                            /** @description What automatic moderation made of the listing (reason codes; read the listing for their messages); null for an error. */
                            moderation: {
                                /** @enum {string} */
                                state: "pending" | "approved" | "rejected";
                                reasons: {
                                    /** @description Stable code of the rule that spoke (the README lists them; read the listing for the messages). */
                                    code: string;
                                    /** @enum {string} */
                                    severity: "reject" | "review" | "note";
                                }[];
                                publishedVersion: number | null;
                            } | null;
                            /** @description Codes of the legal mentions the ad lacks (warnings only; read the listing for their messages, or see the codes in the README). */
                            compliance: ("energy_classes_missing" | "energy_cost_missing" | "excessive_consumption_mention" | "rental_energy_class" | "buyer_fees_incomplete" | "rental_terms_missing" | "reference_rent_missing" | "georisques_mention")[];
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the syncId names a completed or expired session, or the Idempotency-Key was used with another body, or its first request is still running (then Retry-After says when to retry). */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    agencyListings: {
        parameters: {
            query: {
                limit: number;
                afterTs: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the agency’s current listings with their contentHash; nextAfterTs is null on the last page. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        agencyId: string;
                        listings: {
                            externalId: string;
                            /** @description The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it. */
                            serviceId: string;
                            /** @enum {string} */
                            status: "active" | "under_offer" | "paused" | "sold" | "rented" | "withdrawn";
                            /** Format: int32 */
                            version: number;
                            /** @description Changes whenever the content or status changes. */
                            contentHash: string;
                            /** Format: int64 */
                            changeSeq: number;
                            /** Format: date-time */
                            updatedAt: string;
                            /** @description The automatic moderation of this version: approved (public at once), pending (waits for an operator) or rejected, with the codes of the reasons; a read of the listing gives their messages. */
                            moderation: {
                                /** @enum {string} */
                                state: "pending" | "approved" | "rejected";
                                reasons: {
                                    /** @description Stable code of the rule that spoke (the README lists them; read the listing for the messages). */
                                    code: string;
                                    /** @enum {string} */
                                    severity: "reject" | "review" | "note";
                                }[];
                                publishedVersion: number | null;
                            };
                        }[];
                        /** @description Pass as afterTs for the next page; null when this was the last. */
                        nextAfterTs: number | null;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getListingByExternalIdIngest: {
        parameters: {
            query: {
                /** @description The agency’s identifier of the listing. */
                externalId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The listing in ingestion names, with the service’s own fields. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "externalId": "CRM-1042",
                     *       "reference": "VM-1042",
                     *       "title": "Maison familiale avec jardin",
                     *       "transaction": "VENTE",
                     *       "type": "MAISON",
                     *       "price": 465000,
                     *       "surface": 120,
                     *       "rooms": 5,
                     *       "bedrooms": 4,
                     *       "city": "Nantes",
                     *       "postcode": "44300",
                     *       "neighborhood": "Erdre",
                     *       "dpe": "D",
                     *       "ges": "C",
                     *       "energyCostMin": 1610,
                     *       "energyCostMax": 2230,
                     *       "energyCostReferenceYear": 2025,
                     *       "fees": {
                     *         "agencyFees": 15000,
                     *         "feesPaidBy": "buyer",
                     *         "feeIncluded": true
                     *       },
                     *       "description": "Maison de 2005 sur 600 m² de terrain, garage double, proche des écoles.",
                     *       "features": [
                     *         "garden",
                     *         "garage"
                     *       ],
                     *       "imageUrls": [
                     *         "https://images.example.com/crm-1042/1.jpg"
                     *       ],
                     *       "status": "active",
                     *       "sourceCrm": "other",
                     *       "updatedAtExternal": "2026-03-01T06:00:00.000Z",
                     *       "shareWithService": true,
                     *       "shareWithRelay": false,
                     *       "serviceId": "lst_VcLCKieGNPGEpLzSXpu",
                     *       "version": 1,
                     *       "publicUrl": "https://www.example.com/listings/lst_VcLCKieGNPGEpLzSXpu",
                     *       "createdAt": "2026-03-01T09:30:00.000Z",
                     *       "updatedAt": "2026-03-01T09:30:00.000Z",
                     *       "moderation": {
                     *         "state": "approved",
                     *         "reasons": [],
                     *         "decidedAt": "2026-03-01T09:30:00.000Z",
                     *         "publishedVersion": 1
                     *       },
                     *       "publicTitle": "Maison familiale avec jardin",
                     *       "publicDescription": "Maison de 2005 sur 600 m² de terrain, garage double, proche des écoles.",
                     *       "location": {
                     *         "inseeCode": "44109",
                     *         "commune": "Nantes",
                     *         "departmentCode": "44",
                     *         "department": "Loire-Atlantique",
                     *         "regionCode": "52",
                     *         "region": "Pays de la Loire"
                     *       },
                     *       "compliance": [],
                     *       "charges": null,
                     *       "floor": null,
                     *       "addressLine": null,
                     *       "createdAtExternal": null,
                     *       "dpeValue": null,
                     *       "gesValue": null,
                     *       "dpeDate": null,
                     *       "furnished": null,
                     *       "deposit": null,
                     *       "tenantFees": null,
                     *       "tenantInventoryFees": null,
                     *       "rentControlled": null,
                     *       "referenceRent": null,
                     *       "rentSupplement": null,
                     *       "feesPercent": null,
                     *       "occupied": null,
                     *       "lumpSum": null,
                     *       "annuity": null,
                     *       "marketValue": null,
                     *       "georisques": null
                     *     }
                     */
                    "application/json": {
                        /** @description Unique within the agency software; the idempotence key. */
                        externalId: string;
                        /** @description At most 100 characters recommended (a warning beyond). */
                        title: string;
                        /** @enum {string} */
                        transaction: "VENTE" | "LOCATION" | "VIAGER";
                        /** @enum {string} */
                        type: "APPARTEMENT" | "MAISON" | "DUPLEX" | "STUDIO" | "TERRAIN" | "PARKING" | "LOFT" | "LOCAL" | "BUREAU";
                        /**
                         * Format: int32
                         * @description Whole euros; the monthly rent for LOCATION.
                         */
                        price: number;
                        /** @description Monthly charges, rentals only. */
                        charges?: number | null;
                        /**
                         * Format: int32
                         * @description Whole square metres.
                         */
                        surface: number;
                        /** Format: int32 */
                        rooms: number;
                        /** @description Left out or null: not stated, and the public pages show no bedroom count; the answers then give as many as rooms. */
                        bedrooms?: number | null;
                        /** @description Null for the ground floor or a house. */
                        floor?: number | null;
                        city: string;
                        postcode: string;
                        reference?: string | null;
                        neighborhood?: string | null;
                        addressLine?: string | null;
                        /** @description Energy class A–G; null when not given. Must not be better than ges. */
                        dpe?: ("A" | "B" | "C" | "D" | "E" | "F" | "G") | null;
                        /** @description Greenhouse-gas class A–G (beyond the ingestion listing’s own fields, as in v1); null when not given. */
                        ges?: ("A" | "B" | "C" | "D" | "E" | "F" | "G") | null;
                        description?: string | null;
                        features?: string[] | null;
                        imageUrls?: string[] | null;
                        /** @enum {string} */
                        status: "active" | "under_offer" | "paused" | "sold" | "rented" | "withdrawn";
                        sourceCrm?: ("crm_1" | "crm_2" | "crm_3" | "crm_4" | "other") | null;
                        /** @description The agency’s fees (beyond the ingestion listing’s own fields, as in v1): feesPaidBy seller or buyer for VENTE and VIAGER, landlord or tenant for LOCATION; agencyFees not above the price of a sale. Null when not given. */
                        fees?: {
                            agencyFees?: number | null;
                            feesPaidBy?: ("seller" | "buyer" | "landlord" | "tenant") | null;
                            feeIncluded?: boolean | null;
                        } | null;
                        shareWithService: boolean;
                        shareWithRelay: boolean;
                        createdAtExternal?: string | null;
                        updatedAtExternal?: string | null;
                        dpeValue?: number | null;
                        gesValue?: number | null;
                        energyCostMin?: number | null;
                        energyCostMax?: number | null;
                        energyCostReferenceYear?: number | null;
                        dpeDate?: string | null;
                        furnished?: boolean | null;
                        deposit?: number | null;
                        tenantFees?: number | null;
                        tenantInventoryFees?: number | null;
                        rentControlled?: boolean | null;
                        referenceRent?: number | null;
                        rentSupplement?: number | null;
                        feesPercent?: number | null;
                        occupied?: boolean | null;
                        lumpSum?: number | null;
                        annuity?: number | null;
                        marketValue?: number | null;
                        georisques?: boolean | null;
                        /** @description The service’s id of the listing: `lst_`, then the creation time and random characters. Opaque: compare it, never parse it. */
                        serviceId: string;
                        /** Format: int32 */
                        version: number;
                        /** Format: uri */
                        publicUrl: string;
                        /** Format: date-time */
                        createdAt: string;
                        /** Format: date-time */
                        updatedAt: string;
                        /** @description Automatic moderation runs on creation and on every content change (docs/decisions.md §11). A change of price or charges alone of an approved listing never waits. */
                        moderation: {
                            /**
                             * @description pending: waits for an operator; approved: public (when shared and on sale or to let); rejected.
                             * @enum {string}
                             */
                            state: "pending" | "approved" | "rejected";
                            /** @description Why moderation decided so, one entry per rule that spoke. */
                            reasons: {
                                /** @description Stable code of the rule (or operator) that spoke, e.g. dpe_missing, likely_duplicate, operator. */
                                code: string;
                                /**
                                 * @description reject: refused; review: waits for an operator; note: a remark that never holds the listing back.
                                 * @enum {string}
                                 */
                                severity: "reject" | "review" | "note";
                                /** @description What the rule found and what to do, in English. */
                                message: string;
                                /** @description The same in French, as the pro space shows it. */
                                messageFr: string;
                            }[];
                            /** @description When the latest version was decided; null while it waits. */
                            decidedAt: string | null;
                            /** @description The version the public site shows: the last approved one. It stays public while a newer version waits. Null when none is. */
                            publishedVersion: number | null;
                        };
                        /** @description The title exactly as the public site shows it. */
                        publicTitle: string;
                        /** @description The description exactly as the public site shows it. */
                        publicDescription: string | null;
                        /** @description The listing’s place in the official geography, read by the service from postcode and city. The commune is null when they name none (see warnings); the département and région stay known when every commune of the postcode shares them. */
                        location: {
                            /** @description INSEE code of the commune, or of the arrondissement municipal in Paris, Lyon and Marseille (69383). */
                            inseeCode: string | null;
                            /** @description Official name of the commune (« Lyon 3e Arrondissement »). */
                            commune: string | null;
                            /** @description Département code: 01–95, 2A and 2B (Corsica), 971–976 and the overseas collectivities. */
                            departmentCode: string | null;
                            /** @description Official name of the département. */
                            department: string | null;
                            /** @description INSEE code of the région. */
                            regionCode: string | null;
                            /** @description Official name of the région. */
                            region: string | null;
                        };
                        /** @description Legal mentions the ad lacks (French law). Warnings only: publication is decided by moderation. */
                        compliance: {
                            /**
                             * @description Stable code of the legal-mention rule.
                             * @enum {string}
                             */
                            code: "energy_classes_missing" | "energy_cost_missing" | "excessive_consumption_mention" | "rental_energy_class" | "buyer_fees_incomplete" | "rental_terms_missing" | "reference_rent_missing" | "georisques_mention";
                            /** @description What is missing, in English. */
                            message: string;
                            /** @description The same in French, as the pro space shows it. */
                            messageFr: string;
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteListingByExternalIdIngest: {
        parameters: {
            query: {
                /** @description The agency’s identifier of the listing. */
                externalId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted: the listing has left the public site and every read. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        externalId: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    computeContentHashes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "listings": [
                 *         {
                 *           "externalId": "CRM-1042",
                 *           "reference": "VM-1042",
                 *           "title": "Maison familiale avec jardin",
                 *           "transaction": "VENTE",
                 *           "type": "MAISON",
                 *           "price": 465000,
                 *           "surface": 120,
                 *           "rooms": 5,
                 *           "bedrooms": 4,
                 *           "city": "Nantes",
                 *           "postcode": "44300",
                 *           "neighborhood": "Erdre",
                 *           "dpe": "D",
                 *           "ges": "C",
                 *           "energyCostMin": 1610,
                 *           "energyCostMax": 2230,
                 *           "energyCostReferenceYear": 2025,
                 *           "fees": {
                 *             "agencyFees": 15000,
                 *             "feesPaidBy": "buyer",
                 *             "feeIncluded": true
                 *           },
                 *           "description": "Maison de 2005 sur 600 m² de terrain, garage double, proche des écoles.",
                 *           "features": [
                 *             "garden",
                 *             "garage"
                 *           ],
                 *           "imageUrls": [
                 *             "https://images.example.com/crm-1042/1.jpg"
                 *           ],
                 *           "status": "active",
                 *           "sourceCrm": "other",
                 *           "updatedAtExternal": "2026-03-01T06:00:00Z"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    listings: components["schemas"]["IngestListing"][];
                    /** @description Optional: the open full sync session this push belongs to. Its listings count as seen by the session (rejected ones too); an unknown session is 404, a completed or expired one 409, and then nothing is written. */
                    syncId?: string;
                };
            };
        };
        responses: {
            /** @description The contentHash of up to 500 listings as a push would store them, without writing: done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            /** Format: int32 */
                            index: number;
                            externalId: string | null;
                            /** @description The contentHash agencyListings would show once the listing is stored as given; null when a push would reject it. */
                            contentHash: string | null;
                            /** @description Why a push would reject the listing; null when it would not. */
                            reason: string | null;
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSyncSessions: {
        parameters: {
            query?: {
                /** @description Only the sessions in this state. */
                state?: "open" | "completed" | "expired" | "abandoned";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The agency’s sync sessions, newest first: done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        syncSessions: {
                            /** @description A full sync session’s id, as POST /ingest/syncSessions answered it. */
                            syncId: string;
                            /**
                             * @description open until completed, abandoned, or expiresAt; a finished session takes no pushes.
                             * @enum {string}
                             */
                            state: "open" | "completed" | "expired" | "abandoned";
                            /** Format: date-time */
                            createdAt: string;
                            /**
                             * Format: date-time
                             * @description An hour after the start or the last push, 24 hours after the start at the latest; each push moves it on.
                             */
                            expiresAt: string;
                            /** @description When the session was completed or abandoned. */
                            completedAt: string | null;
                            /**
                             * Format: int32
                             * @description Distinct externalIds the session’s pushes named (kept once the session is completed; 0 once expired).
                             */
                            seen: number;
                            /** @description On completion: the listings on the market (active, under_offer, paused) before it. */
                            onMarket: number | null;
                            /** @description On completion: how many of them were withdrawn. */
                            withdrawn: number | null;
                            /** @description On completion: whether force was given. */
                            forced: boolean | null;
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    startSyncSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Start a full sync session: done. */
            201: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    /** @description URL of what was created: the new listing, sync session or lead (GET it for the full record). */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A full sync session’s id, as POST /ingest/syncSessions answered it. */
                        syncId: string;
                        /**
                         * @description open until completed, abandoned, or expiresAt; a finished session takes no pushes.
                         * @enum {string}
                         */
                        state: "open" | "completed" | "expired" | "abandoned";
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description An hour after the start or the last push, 24 hours after the start at the latest; each push moves it on.
                         */
                        expiresAt: string;
                        /** @description When the session was completed or abandoned. */
                        completedAt: string | null;
                        /**
                         * Format: int32
                         * @description Distinct externalIds the session’s pushes named (kept once the session is completed; 0 once expired).
                         */
                        seen: number;
                        /** @description On completion: the listings on the market (active, under_offer, paused) before it. */
                        onMarket: number | null;
                        /** @description On completion: how many of them were withdrawn. */
                        withdrawn: number | null;
                        /** @description On completion: whether force was given. */
                        forced: boolean | null;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSyncSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The session’s id, as POST /ingest/syncSessions answered it. */
                syncId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A sync session: its state, how many externalIds it has seen, and what its completion did: done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A full sync session’s id, as POST /ingest/syncSessions answered it. */
                        syncId: string;
                        /**
                         * @description open until completed, abandoned, or expiresAt; a finished session takes no pushes.
                         * @enum {string}
                         */
                        state: "open" | "completed" | "expired" | "abandoned";
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description An hour after the start or the last push, 24 hours after the start at the latest; each push moves it on.
                         */
                        expiresAt: string;
                        /** @description When the session was completed or abandoned. */
                        completedAt: string | null;
                        /**
                         * Format: int32
                         * @description Distinct externalIds the session’s pushes named (kept once the session is completed; 0 once expired).
                         */
                        seen: number;
                        /** @description On completion: the listings on the market (active, under_offer, paused) before it. */
                        onMarket: number | null;
                        /** @description On completion: how many of them were withdrawn. */
                        withdrawn: number | null;
                        /** @description On completion: whether force was given. */
                        forced: boolean | null;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    abandonSyncSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The session’s id, as POST /ingest/syncSessions answered it. */
                syncId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Abandon an open sync session: nothing is withdrawn: done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A full sync session’s id, as POST /ingest/syncSessions answered it. */
                        syncId: string;
                        /**
                         * @description open until completed, abandoned, or expiresAt; a finished session takes no pushes.
                         * @enum {string}
                         */
                        state: "open" | "completed" | "expired" | "abandoned";
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description An hour after the start or the last push, 24 hours after the start at the latest; each push moves it on.
                         */
                        expiresAt: string;
                        /** @description When the session was completed or abandoned. */
                        completedAt: string | null;
                        /**
                         * Format: int32
                         * @description Distinct externalIds the session’s pushes named (kept once the session is completed; 0 once expired).
                         */
                        seen: number;
                        /** @description On completion: the listings on the market (active, under_offer, paused) before it. */
                        onMarket: number | null;
                        /** @description On completion: how many of them were withdrawn. */
                        withdrawn: number | null;
                        /** @description On completion: whether force was given. */
                        forced: boolean | null;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the externalId is already used, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    completeSyncSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The session’s id, as POST /ingest/syncSessions answered it. */
                syncId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "force": false
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Withdraw even more than 20 % of the listings on the market.
                     * @default false
                     */
                    force?: boolean;
                };
            };
        };
        responses: {
            /** @description Complete a sync session: withdraw the listings it did not see: done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description A full sync session’s id, as POST /ingest/syncSessions answered it. */
                        syncId: string;
                        /**
                         * @description open until completed, abandoned, or expiresAt; a finished session takes no pushes.
                         * @enum {string}
                         */
                        state: "open" | "completed" | "expired" | "abandoned";
                        /** Format: date-time */
                        createdAt: string;
                        /**
                         * Format: date-time
                         * @description An hour after the start or the last push, 24 hours after the start at the latest; each push moves it on.
                         */
                        expiresAt: string;
                        /** @description When the session was completed or abandoned. */
                        completedAt: string | null;
                        /**
                         * Format: int32
                         * @description Distinct externalIds the session’s pushes named (kept once the session is completed; 0 once expired).
                         */
                        seen: number;
                        /** @description On completion: the listings on the market (active, under_offer, paused) before it. */
                        onMarket: number | null;
                        /** @description On completion: how many of them were withdrawn. */
                        withdrawn: number | null;
                        /** @description On completion: whether force was given. */
                        forced: boolean | null;
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such listing for this agency. */
            404: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the session is already completed, or completing it would withdraw more than 20 % of the listings on the market (send {"force": true}). */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    importPoliris: {
        parameters: {
            query?: {
                /** @description Withdraw even more than 20 % of the listings on the market. */
                force?: "true" | "false";
                /** @description The file’s name, shown with its report. */
                fileName?: string;
            };
            header?: {
                /** @description Replays the first answer to this key for 24 hours; another body with the same key is 409. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/zip": string;
                "text/csv": string;
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description Import a passerelle file (Poliris 4.x): the agency’s whole set, as one full sync session: done. */
            200: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The report’s id; the pro space shows it. */
                        importId: string;
                        /** @description The full sync session the import ran as. */
                        syncId: string;
                        /**
                         * Format: int32
                         * @description Listing lines in Annonces.csv, readable or not.
                         */
                        lines: number;
                        /** Format: int32 */
                        created: number;
                        /** Format: int32 */
                        updated: number;
                        /** Format: int32 */
                        unchanged: number;
                        /**
                         * Format: int32
                         * @description Listings on the market the file no longer holds, now withdrawn.
                         */
                        withdrawn: number;
                        /**
                         * Format: int32
                         * @description Errors in all; errors[] lists the first 1000.
                         */
                        errorCount: number;
                        /**
                         * Format: int32
                         * @description Warnings in all; warnings[] lists the first 1000.
                         */
                        warningCount: number;
                        /** @description Lines not written, and why. */
                        errors: {
                            line: number | null;
                            reference: string | null;
                            rank: number | null;
                            field: string | null;
                            /** @description A stable code (too_few_fields, unknown_property_type, photo_file_not_hosted…). */
                            code: string;
                            /** @description What is wrong, in French, for the agency. */
                            message: string;
                        }[];
                        /** @description Lines written with a remark, and remarks on the file. */
                        warnings: {
                            line: number | null;
                            reference: string | null;
                            rank: number | null;
                            field: string | null;
                            /** @description A stable code (too_few_fields, unknown_property_type, photo_file_not_hosted…). */
                            code: string;
                            /** @description What is wrong, in French, for the agency. */
                            message: string;
                        }[];
                    };
                };
            };
            /** @description validation_error: the request breaks the schema; errors[] names each field and rule. */
            400: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unauthorized: no key, a malformed, unknown or revoked key, or a key of the other environment. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the key lacks the scope this operation needs. */
            403: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description conflict: the file would withdraw more than 20 % of the listings on the market (send force=true), or another import or sync session of the agency is running, or the Idempotency-Key was used with another body. */
            409: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description payload_too_large: the body is larger than this endpoint accepts. */
            413: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: the body is not JSON. */
            415: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description rate_limit_exceeded: a quota is used up; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit": number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining": number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset": number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy": string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit: string;
                    /** @description Seconds to wait before the quota admits a call again. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_error: an internal fault; retry later, quoting requestId. */
            500: {
                headers: {
                    /** @description Calls allowed by the tightest quota that applies (rolling 24 hours). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Calls left in that quota. */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When that quota has room again, in Unix seconds. */
                    "X-RateLimit-Reset"?: number;
                    /** @description IETF RateLimit-Policy: every quota that applies, e.g. "key";q=10000;w=86400, "plan";q=10000;w=86400. */
                    "RateLimit-Policy"?: string;
                    /** @description IETF RateLimit: the tightest quota, its remaining calls (r) and seconds to reset (t). */
                    RateLimit?: string;
                    /** @description "true" when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    event_listing_created: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "listing.created",
                 *       "timestamp": "2026-11-24T09:41:07.120Z",
                 *       "data": {
                 *         "agencyId": "agc_0Ph3kQ2aZ1x9mB4tR7sLw",
                 *         "env": "live",
                 *         "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                 *         "externalId": "CRM-2024-0042",
                 *         "version": 1,
                 *         "status": "active",
                 *         "moderationState": "pending"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    type: "listing.created";
                    /**
                     * Format: date-time
                     * @description When the change committed.
                     */
                    timestamp: string;
                    /** @description Ids, version, status and moderation state; never the street address. */
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_listing_updated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "listing.updated",
                 *       "timestamp": "2026-11-24T09:41:07.120Z",
                 *       "data": {
                 *         "agencyId": "agc_0Ph3kQ2aZ1x9mB4tR7sLw",
                 *         "env": "live",
                 *         "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                 *         "externalId": "CRM-2024-0042",
                 *         "version": 3,
                 *         "status": "active",
                 *         "moderationState": "approved"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    type: "listing.updated";
                    /**
                     * Format: date-time
                     * @description When the change committed.
                     */
                    timestamp: string;
                    /** @description Ids, version, status and moderation state; never the street address. */
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_listing_status_changed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "listing.status_changed",
                 *       "timestamp": "2026-11-24T09:41:07.120Z",
                 *       "data": {
                 *         "agencyId": "agc_0Ph3kQ2aZ1x9mB4tR7sLw",
                 *         "env": "live",
                 *         "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                 *         "externalId": "CRM-2024-0042",
                 *         "version": 3,
                 *         "status": "under_offer",
                 *         "moderationState": "approved",
                 *         "previousStatus": "active"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    type: "listing.status_changed";
                    /**
                     * Format: date-time
                     * @description When the change committed.
                     */
                    timestamp: string;
                    /** @description Ids, version, status and moderation state; never the street address. */
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_listing_deleted: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "listing.deleted",
                 *       "timestamp": "2026-11-24T09:41:07.120Z",
                 *       "data": {
                 *         "agencyId": "agc_0Ph3kQ2aZ1x9mB4tR7sLw",
                 *         "env": "live",
                 *         "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                 *         "externalId": "CRM-2024-0042",
                 *         "version": 3,
                 *         "status": "withdrawn",
                 *         "moderationState": "approved"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    type: "listing.deleted";
                    /**
                     * Format: date-time
                     * @description When the change committed.
                     */
                    timestamp: string;
                    /** @description Ids, version, status and moderation state; never the street address. */
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_listing_published: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "listing.published",
                 *       "timestamp": "2026-11-24T09:41:07.120Z",
                 *       "data": {
                 *         "agencyId": "agc_0Ph3kQ2aZ1x9mB4tR7sLw",
                 *         "env": "live",
                 *         "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                 *         "externalId": "CRM-2024-0042",
                 *         "version": 3,
                 *         "status": "active",
                 *         "moderationState": "approved",
                 *         "decidedBy": "automatic",
                 *         "waitedMs": 0
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    type: "listing.published";
                    /**
                     * Format: date-time
                     * @description When the change committed.
                     */
                    timestamp: string;
                    /** @description Ids, version, status and moderation state; never the street address. */
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_listing_rejected: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "listing.rejected",
                 *       "timestamp": "2026-11-24T09:41:07.120Z",
                 *       "data": {
                 *         "agencyId": "agc_0Ph3kQ2aZ1x9mB4tR7sLw",
                 *         "env": "live",
                 *         "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                 *         "externalId": "CRM-2024-0042",
                 *         "version": 3,
                 *         "status": "active",
                 *         "moderationState": "rejected",
                 *         "decidedBy": "operator",
                 *         "waitedMs": 5400000,
                 *         "reasons": [
                 *           {
                 *             "code": "price_implausible",
                 *             "severity": "reject",
                 *             "message": "The price is implausible for a rental.",
                 *             "messageFr": "Le prix est invraisemblable pour une location."
                 *           }
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    type: "listing.rejected";
                    /**
                     * Format: date-time
                     * @description When the change committed.
                     */
                    timestamp: string;
                    /** @description Ids, version, status and moderation state; never the street address. */
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_lead_received: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "lead.received",
                 *       "timestamp": "2026-11-24T09:41:07.120Z",
                 *       "data": {
                 *         "agencyId": "agc_0Ph3kQ2aZ1x9mB4tR7sLw",
                 *         "env": "live",
                 *         "leadId": "lead_0Ph3kS1mN4bV7cX2zA5qW",
                 *         "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                 *         "externalId": "CRM-2024-0042",
                 *         "receivedAt": "2026-11-24T09:41:07.120Z"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    type: "lead.received";
                    /**
                     * Format: date-time
                     * @description When the change committed.
                     */
                    timestamp: string;
                    /** @description Ids, version, status and moderation state; never the street address. */
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_lead_message_received: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "lead.message_received",
                 *       "timestamp": "2026-11-24T09:41:07.120Z",
                 *       "data": {
                 *         "agencyId": "agc_0Ph3kQ2aZ1x9mB4tR7sLw",
                 *         "env": "live",
                 *         "leadId": "lead_0Ph3kS1mN4bV7cX2zA5qW",
                 *         "serviceId": "lst_0Ph3kR9cY2pQ8vN1dF6gH",
                 *         "externalId": "CRM-2024-0042",
                 *         "receivedAt": "2026-11-24T18:02:51.004Z",
                 *         "messageId": "lmsg_0Ph3kU2wQ7eR4tY1uI8oP"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    type: "lead.message_received";
                    /**
                     * Format: date-time
                     * @description When the change committed.
                     */
                    timestamp: string;
                    /** @description Ids, version, status and moderation state; never the street address. */
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    event_webhook_test: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "webhook.test",
                 *       "timestamp": "2026-11-24T09:41:07.120Z",
                 *       "data": {
                 *         "agencyId": "agc_0Ph3kQ2aZ1x9mB4tR7sLw",
                 *         "env": "live",
                 *         "webhookId": "whk_0Ph3kT5rE8wU3yI6oP9aS"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @constant */
                    type: "webhook.test";
                    /**
                     * Format: date-time
                     * @description When the change committed.
                     */
                    timestamp: string;
                    /** @description Ids, version, status and moderation state; never the street address. */
                    data: Record<string, never>;
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
