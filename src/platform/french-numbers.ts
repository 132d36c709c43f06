/**
 * Whole numbers as French text writes them (« 5 000 », thousands apart by a narrow no-break
 * space): pages, mails and the messages of refused input alike, so a limit reads the same in the
 * hint above a field and in the error under it.
 */
const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

export const frenchWhole = (value: number): string => whole.format(value);
