import type { SearchFilters } from '../public-listings/model.js';

/**
 * E-mail alerts on a search (docs/decisions.md §18): a visitor's address, a search of the site,
 * and how often the new listings it finds are mailed.
 */

/** `immediate`: within a minute of a listing's first publication; `daily`: at 08:00 Europe/Paris. */
export const ALERT_FREQUENCIES = ['immediate', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

export const isAlertFrequency = (value: unknown): value is AlertFrequency =>
  typeof value === 'string' && (ALERT_FREQUENCIES as readonly string[]).includes(value);

/** Alerts one address may hold, confirmed or waiting for confirmation. */
export const ALERTS_PER_ADDRESS = 10;

/** An alert not confirmed within this many days is deleted, and its confirmation link expires. */
export const CONFIRMATION_DAYS = 7;
export const CONFIRMATION_MS = CONFIRMATION_DAYS * 24 * 3_600_000;

/** A search as an alert keeps it: its filters, and what pages and mails show of it. */
export interface AlertSearch {
  filters: SearchFilters;
  /** Its results page, from the site's root (`/listings?city=Lyon`). */
  path: string;
  /** Its name in French ("Appartements à vendre à Lyon, jusqu’à 300 000 €"). */
  label: string;
}

/** An alert as its owner sees it on the management page. */
export interface AlertView {
  alertId: number;
  label: string;
  path: string;
  frequency: AlertFrequency;
  confirmed: boolean;
  createdAt: Date;
}
