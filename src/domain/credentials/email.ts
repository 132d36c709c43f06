/**
 * E-mail addresses are kept and compared without surrounding spaces and case: `Ops@Agence.fr `
 * and `ops@agence.fr` are one account (pro users, operators, sign-in limits, agency contacts).
 */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

// One plain address: no spaces, quotes, brackets, commas or control characters (nothing that
// could close a mail header or add a recipient), a dot and a two-letter ending in the domain.
const ADDRESS = /^[^\s@<>()[\],;:"\\\p{Cc}]{1,64}@[^\s@<>()[\],;:"\\\p{Cc}]{1,189}\.[^\s@<>()[\],;:"\\\p{Cc}.]{2,63}$/u;

/**
 * Whether people may give this address (pro users, visitors writing to an agency): every
 * address accepted here can be mailed, since the mail header builder takes the same shape.
 */
export const isEmailAddress = (value: string): boolean => value.length <= 254 && ADDRESS.test(value);
