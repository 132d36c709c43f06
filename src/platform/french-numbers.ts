/**
 * Whole numbers as French text writes them (« 5 000 », thousands apart by a narrow no-break
 * space): pages, mails and the messages of refused input alike, so a limit reads the same in the
 * hint above a field and in the error under it.
 */
const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

export const frenchWhole = (value: number): string => whole.format(value);

const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** « 320 000 € »: whole euros, the sign after a no-break space. */
export const frenchEuros = (amount: number): string => `${whole.format(amount)}\u00a0€`;
/** « 4,5 % »: one decimal at most. */
export const frenchPercent = (value: number): string => `${oneDecimal.format(value)}\u00a0%`;
