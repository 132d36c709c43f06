/** French presentation of numbers, money, areas and dates, as the public pages show them. */
const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const longDate = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' });
const longDateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

export const euros = (amount: number) => `${whole.format(amount)}\u00a0€`;
export const squareMetres = (surface: number) => `${whole.format(surface)}\u00a0m²`;
export const percent = (value: number) => `${oneDecimal.format(value)}\u00a0%`;
export const count = (value: number) => whole.format(value);
export const frenchDate = (date: Date) => longDate.format(date);
/** "14 mars 2026 à 09:05", Paris time. */
export const frenchDateTime = (date: Date) => longDateTime.format(date);

/** "1 pièce", "3 pièces": French plural (0 and 1 take the singular). */
export const plural = (n: number, one: string, many: string) => `${whole.format(n)}\u00a0${n >= 2 ? many : one}`;
