import { LIMITS } from '../listings/limits.js';
import { isStorableText } from '../../platform/validation/storable.js';

/**
 * The externalIds a push names, valid listings or not: a listing that a push of the session
 * names counts as seen even when the push rejects it, so a CRM's invalid edit never gets the
 * stored listing withdrawn. Values that cannot be an externalId at all are left out.
 */
export function namedExternalIds(items: readonly unknown[]): string[] {
  const named: string[] = [];
  for (const item of items) {
    const externalId = typeof item === 'object' && item !== null ? (item as { externalId?: unknown }).externalId : undefined;
    if (typeof externalId === 'string' && externalId.length > 0 && externalId.length <= LIMITS.externalId && isStorableText(externalId)) {
      named.push(externalId);
    }
  }
  return named;
}
