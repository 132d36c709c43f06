import { randomBytes } from 'node:crypto';

/**
 * A client address of its own (2001:db8::/32 is the documentation range). The per-address
 * limits count in the database, which on PostgreSQL every test file shares, several at a time:
 * a fixed address would carry one file's count into another's.
 */
export const uniqueAddress = (): string =>
  `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::${randomBytes(2).toString('hex')}`;
