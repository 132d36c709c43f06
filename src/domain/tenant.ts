/**
 * Whose data a call touches: one agency's live data (LIVE keys, the public site, the pro space)
 * or its sandbox (TEST keys). Every capability that reads or writes an agency's listings,
 * conversations, webhooks or event clock takes it; the HTTP kit makes it from the key
 * (`tenantOf` in src/edge/http/tenant.ts).
 */
export interface AgencyEnv {
  agencyId: string;
  env: 'live' | 'test';
}
