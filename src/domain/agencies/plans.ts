import { frenchWhole } from '../../platform/french-numbers.js';

/** The professional plans (docs/decisions.md §3 and §4) and everything that differs between them. */
export const PLANS = ['solo', 'agence', 'reseau'] as const;
export type Plan = (typeof PLANS)[number];

export const PLAN_NAMES: Record<Plan, string> = { solo: 'Pro Solo', agence: 'Pro Agence', reseau: 'Pro Réseau' };
/** v1 requests per rolling 24 hours, per agency and environment; null is unlimited. */
export const PLAN_DAILY_REQUESTS: Record<Plan, number | null> = { solo: 1_000, agence: 10_000, reseau: null };
/** Most listings one POST /v1/listings/batch takes. */
export const PLAN_BATCH_SIZES: Record<Plan, number> = { solo: 10, agence: 50, reseau: 100 };
/** Webhook endpoints per environment. */
export const PLAN_WEBHOOKS: Record<Plan, number> = { solo: 0, agence: 1, reseau: 3 };

/** What a plan allows, in French, from the limits above: the sign-up form shows it beside each plan. */
export function planAllowances(plan: Plan): string {
  const daily = PLAN_DAILY_REQUESTS[plan];
  const webhooks = PLAN_WEBHOOKS[plan];
  return [
    daily === null ? 'appels à l’API v1 sans limite par jour' : `${frenchWhole(daily)} appels à l’API v1 par 24 heures`,
    `lots de ${frenchWhole(PLAN_BATCH_SIZES[plan])} annonces au plus (POST /v1/listings/batch)`,
    webhooks === 0 ? 'pas de webhook' : `${frenchWhole(webhooks)} webhook${webhooks > 1 ? 's' : ''} par environnement (LIVE, bac à sable)`,
  ].join(', ');
}

/** Longest agency name the service keeps (operator API, sign-up, reads). */
export const AGENCY_NAME_MAX = 200;
