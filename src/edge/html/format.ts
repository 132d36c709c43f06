import { frenchDate, frenchDateTime } from '../../platform/calendar/french-time.js';
import { frenchEuros, frenchPercent, frenchWhole } from '../../platform/french-numbers.js';

/** French presentation of numbers, money, areas and dates, as the public pages show them. */
export const euros = frenchEuros;
export const squareMetres = (surface: number) => `${frenchWhole(surface)}\u00a0m²`;
export const percent = frenchPercent;
export const count = frenchWhole;
/** Dates in Paris time ("14 mars 2026", "14 mars 2026 à 09:05"), owned by the calendar. */
export { frenchDate, frenchDateTime };

/** "1 pièce", "3 pièces": French plural (0 and 1 take the singular). */
export const plural = (n: number, one: string, many: string) => `${frenchWhole(n)}\u00a0${n >= 2 ? many : one}`;

/** French spacing: a no-break space before « : ; ? ! », so a line never starts with the mark (« changé\u00a0: »). */
export const frenchSpacing = (text: string) => text.replace(/ ([:;?!])/g, '\u00a0$1');
