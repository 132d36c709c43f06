import type { Agency } from '../../domain/agencies/agency-store.js';
import { ApiError } from '../http/errors.js';

/** An agency as the operator API answers it. */
export const agencyView = (agency: Agency) => ({
  agencyId: agency.id,
  name: agency.name,
  email: agency.email,
  siren: agency.siren,
  plan: agency.plan,
  verified: agency.verified,
  verifiedAt: agency.verifiedAt?.toISOString() ?? null,
  shareWithServiceDefault: agency.shareWithServiceDefault,
  shareWithRelayDefault: agency.shareWithRelayDefault,
  createdAt: agency.createdAt.toISOString(),
  verificationRefusedAt: agency.verificationRefusedAt?.toISOString() ?? null,
  verificationRefusalReason: agency.verificationRefusalReason,
  suspendedAt: agency.suspendedAt?.toISOString() ?? null,
  suspensionReason: agency.suspensionReason,
});

/** The agency a path names, as the store found it, or 404. */
export function foundAgency(agency: Agency | null, agencyId: string): Agency {
  if (!agency) throw new ApiError('not_found', `Agency ${agencyId} not found`);
  return agency;
}
