import type { LinkPurpose } from '../credentials/one-time-links.js';
import type { AccountScope } from '../credentials/second-factors.js';

/**
 * Where each space's account pages live, for the mails that link to them; the routes are
 * declared under the same paths (src/edge/http/accounts/, src/edge/pro/account/).
 */
export const ACCOUNT_SPACE_PATHS = { pro: '/pro', admin: '/admin' } as const satisfies Record<AccountScope, string>;

/** Where, under a space's path, the link of each purpose opens; its token is the last segment. */
export const LINK_PATHS = {
  reset: '/password/reset',
  verify: '/verify',
  email_change: '/account/email',
  end_session: '/sessions/end',
} as const satisfies Record<LinkPurpose, string>;

/** The path of a link mailed to an account of `scope`. */
export const accountLinkPath = (scope: AccountScope, purpose: LinkPurpose, token: string) =>
  `${ACCOUNT_SPACE_PATHS[scope]}${LINK_PATHS[purpose]}/${token}`;

/** Every path prefix whose last segment is the secret of a mailed link (request logs hide it). */
export const ACCOUNT_LINK_PREFIXES: readonly string[] = (Object.keys(ACCOUNT_SPACE_PATHS) as AccountScope[]).flatMap((scope) =>
  (Object.keys(LINK_PATHS) as LinkPurpose[]).map((purpose) => accountLinkPath(scope, purpose, '')),
);

/** « Mot de passe oublié » of a space. */
export const forgotPasswordPath = (scope: AccountScope) => `${ACCOUNT_SPACE_PATHS[scope]}/password/forgot`;

/** The page a reset link opens (the token is the link's secret). */
export const passwordResetPath = (scope: AccountScope, token: string) => accountLinkPath(scope, 'reset', token);
