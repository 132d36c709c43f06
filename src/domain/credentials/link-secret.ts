import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets the service hands out in cookies and links (sessions, invitations, a visitor's
 * private conversation link): 256 random bits, base64url. Only their SHA-256 is stored, so the
 * table leaks nothing usable, and a lookup by hash compares no secret byte by byte.
 */
export const newLinkSecret = () => randomBytes(32).toString('base64url');

export const hashLinkSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** The shape of a secret made here; anything else is not looked up. */
export const LINK_SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;
