import type { AccountScope } from '../credentials/second-factors.js';

/**
 * Where each space's account pages live, for the mails that link to them; the routes are
 * declared under the same paths (src/edge/http/accounts/).
 */
export const ACCOUNT_SPACE_PATHS = { pro: '/pro', admin: '/admin' } as const satisfies Record<AccountScope, string>;

/** « Mot de passe oublié » of a space. */
export const forgotPasswordPath = (scope: AccountScope) => `${ACCOUNT_SPACE_PATHS[scope]}/password/forgot`;

/** The page a reset link opens (the token is the link's secret). */
export const passwordResetPath = (scope: AccountScope, token: string) => `${ACCOUNT_SPACE_PATHS[scope]}/password/reset/${token}`;
