import type { Plan } from '../agencies/plans.js';
import { refuse, type Outcome, type Refusal } from '../../platform/outcome.js';
import { hashKey, KEY_SHAPE, parseKey, sameHash, type KeyEnv, type Scope } from './key-format.js';
import type { KeyCache } from './key-cache.js';
import { bearerToken } from '../credentials/bearer-token.js';
import type { VerifiedKey } from './key-store.js';

/** Who is calling, once a Bearer key has been verified. */
export interface AuthContext {
  agencyId: string;
  keyId: string;
  env: KeyEnv;
  scopes: readonly Scope[];
  plan: Plan;
  key: VerifiedKey;
}

export interface KeyEnvironment {
  /** Which keys this interface accepts: LIVE on live paths, TEST under /sandbox. */
  env: KeyEnv;
  /** Base URLs named in the refusal that tells a caller it used the wrong environment. */
  liveBaseUrl: string;
  sandboxBaseUrl: string;
}

const unauthorized = (detail: string) => refuse('unauthorized', detail, undefined, { 'www-authenticate': 'Bearer realm="listing-sync"' });

/** Verifies `Authorization: Bearer <API key>` for an interface of one environment. */
export async function verifyBearer(header: string | undefined, where: KeyEnvironment, keys: KeyCache): Promise<Outcome<AuthContext>> {
  if (!header) return unauthorized('Missing Authorization header; send "Authorization: Bearer <API key>"');
  const candidate = bearerToken(header);
  if (!candidate) return unauthorized('The Authorization header must be "Bearer <API key>"');
  const claimedEnv = parseKey(candidate);
  if (!claimedEnv) return unauthorized(`The API key is malformed: a key is ${KEY_SHAPE}`);
  if (claimedEnv !== where.env) {
    return unauthorized(
      claimedEnv === 'test'
        ? `TEST keys work only on the sandbox: use ${where.sandboxBaseUrl}`
        : `LIVE keys do not work on the sandbox: use ${where.liveBaseUrl}`,
    );
  }
  const keyHash = hashKey(candidate);
  const key = await keys.lookup(keyHash);
  // The lookup is by hash; the second comparison is constant-time by design, not by necessity.
  if (!key || !sameHash(key.keyHash, keyHash) || key.env !== where.env) {
    return unauthorized('The API key is unknown or has been revoked');
  }
  if (key.agencySuspended) {
    return refuse(
      'forbidden',
      'This agency is suspended: its keys are refused until an operator reinstates it (see the pro space for the reason)',
    );
  }
  return { ok: true, value: { agencyId: key.agencyId, keyId: key.id, env: key.env, scopes: key.scopes, plan: key.plan, key } };
}

/** A refusal when the key lacks `scope` for the operation named, else null. */
export function missingScope(auth: Pick<AuthContext, 'scopes'>, scope: Scope, operation: string): Refusal | null {
  return auth.scopes.includes(scope) ? null : refuse('forbidden', `This key lacks the scope ${scope} needed by ${operation}`);
}
