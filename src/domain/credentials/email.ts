/**
 * E-mail addresses are kept and compared without surrounding spaces and case: `Ops@Agence.fr `
 * and `ops@agence.fr` are one account (pro users, operators, sign-in limits, agency contacts).
 */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
