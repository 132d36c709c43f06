/** French grouping (narrow no-break space) so messages read naturally in both languages' texts. */
const fr = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const en = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export const frNumber = (value: number) => fr.format(value);
export const enNumber = (value: number) => en.format(value);
