import { ADMIN_TOKEN_ACTOR, type AuditRecord } from '../../../domain/audit/audit-log.js';
import { PLANS, type Plan } from '../../../domain/agencies/plans.js';
import { planLabel } from '../../html/labels.js';
import { ACCOUNT_EVENT_LABELS, ACCOUNT_FIELD_LABELS } from '../../html/accounts/event-labels.js';
import { AdminPage, when, type Viewer } from './frame.js';

/** What an operator did, in words; an action without its own words shows its code. */
const ACTION_LABELS: Record<string, string> = {
  'agency.verify': 'Vérification de l’agence',
  'agency.refuse_verification': 'Vérification refusée',
  'agency.plan': 'Changement de formule',
  'agency.suspend': 'Suspension de l’agence',
  'agency.reinstate': 'Suspension levée',
  'key.revoke': 'Clé révoquée',
  'listing.approve': 'Annonce approuvée',
  'listing.reject': 'Annonce refusée',
  'listing.decision_refused': 'Décision refusée : l’annonce avait changé',
  'operator.create': 'Opérateur créé',
  'operator.disable': 'Opérateur désactivé',
  'operator.login': 'Connexion',
  'operator.login_failed': 'Connexion échouée',
  'operator.login_refused': 'Connexion refusée (compte désactivé)',
  ...ACCOUNT_EVENT_LABELS,
};
const TARGET_LABELS: Record<AuditRecord['targetType'], string> = {
  agency: 'agence',
  key: 'clé',
  listing: 'annonce',
  operator: 'opérateur',
  user: 'utilisateur',
  address: 'adresse',
};

/** The recorded fields in words; a field without its own words shows its name. */
const FIELD_LABELS: Record<string, string> = {
  verified: 'vérifiée',
  verifiedAt: 'vérifiée le',
  refusedAt: 'refusée le',
  refusalReason: 'motif du refus',
  suspendedAt: 'suspendue le',
  reason: 'motif',
  plan: 'formule',
  keyId: 'clé',
  revokedAt: 'révoquée le',
  email: 'e-mail',
  disabledAt: 'désactivé le',
  version: 'version',
  reviewedVersion: 'version examinée',
  publishedVersion: 'version en ligne',
  state: 'modération',
  ...ACCOUNT_FIELD_LABELS,
};
const STATE_LABELS: Record<string, string> = { pending: 'en attente', approved: 'approuvée', rejected: 'refusée' };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** An instant the service recorded, in French time; anything that is no valid instant, as written. */
function instant(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : when(date);
}

/** A recorded value as a person reads it: dates in French time, yes/no, plans and states in words, "—" for nothing. */
function readable(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (field === 'plan' && typeof value === 'string' && (PLANS as readonly string[]).includes(value)) return planLabel(value as Plan);
  if (field === 'state' && typeof value === 'string') return STATE_LABELS[value] ?? value;
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  if (typeof value === 'string') return field.endsWith('At') && ISO_INSTANT.test(value) ? instant(value) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const fieldsOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : value === undefined
      ? {}
      : { valeur: value };

/**
 * The before and after of an entry as one line per field in words, `formule : Pro Solo → Pro Réseau`, or the one
 * value when the other side does not have it or it did not change.
 */
export function changeLines(before: unknown, after: unknown): Array<{ field: string; text: string }> {
  const was = fieldsOf(before);
  const is = fieldsOf(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields.map((field) => {
    const label = FIELD_LABELS[field] ?? field;
    const inBefore = Object.hasOwn(was, field);
    const inAfter = Object.hasOwn(is, field);
    if (inBefore && inAfter && JSON.stringify(was[field]) !== JSON.stringify(is[field]))
      return { field: label, text: `${readable(field, was[field])} → ${readable(field, is[field])}` };
    return { field: label, text: readable(field, inAfter ? is[field] : was[field]) };
  });
}

const actorOf = (entry: AuditRecord) =>
  entry.actorEmail ?? (entry.actor === ADMIN_TOKEN_ACTOR ? 'jeton de l’API opérateur (CLI)' : entry.actor);

/** Where the back-office shows a target: an agency's file, a listing's review page; a key on its agency's file. */
function targetPath(entry: AuditRecord): string | null {
  if (entry.targetType === 'agency') return `/admin/agencies/${encodeURIComponent(entry.targetId)}`;
  if (entry.targetType === 'listing') return `/admin/moderation/${encodeURIComponent(entry.targetId)}`;
  if (entry.targetType === 'key' && entry.agencyId) return `/admin/agencies/${encodeURIComponent(entry.agencyId)}`;
  return null;
}

/** « · agence « Immo Nord » (agc_…) », linked to where it is seen; an operator or user by e-mail. */
function Target({ entry }: { entry: AuditRecord }): JSX.Element {
  const kind = TARGET_LABELS[entry.targetType] ?? entry.targetType;
  const name = entry.targetEmail ?? (entry.targetName ? `« ${entry.targetName} » (${entry.targetId})` : entry.targetId);
  const path = targetPath(entry);
  const named: JSX.Element = path ? (
    <a href={path} safe>
      {name}
    </a>
  ) : (
    <span safe>{name}</span>
  );
  return (
    <span class="muted">
      <span safe>{`· ${kind} `}</span>
      {named}
    </span>
  );
}

/** Operators' actions, newest first: one card each, whose lines wrap at any width. */
export function AuditList({ entries }: { entries: AuditRecord[] }): JSX.Element {
  if (entries.length === 0) return <p>Aucune action enregistrée.</p>;
  return (
    <ol class="queue audit" aria-label="Actions des opérateurs, les plus récentes d’abord">
      {entries.map((entry) => {
        const lines = changeLines(entry.before, entry.after);
        return (
          <li>
            <p>
              <strong safe>{ACTION_LABELS[entry.action] ?? entry.action}</strong> <Target entry={entry} />
            </p>
            <p class="muted" safe>{`${when(entry.at)} · par ${actorOf(entry)}`}</p>
            {lines.length ? (
              <dl class="facts-list">
                {lines.map((line) => (
                  <>
                    <dt safe>{line.field}</dt>
                    <dd class="description" safe>
                      {line.text}
                    </dd>
                  </>
                ))}
              </dl>
            ) : (
              ''
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** The filters of the journal: a kind of target, an operator (or pro user) by e-mail. */
export interface AuditFilters {
  targetType?: AuditRecord['targetType'];
  actorEmail?: string;
}

function FilterForm({ filters }: { filters: AuditFilters }): JSX.Element {
  return (
    <form method="get" action="/admin/audit" class="inline" role="search" aria-label="Filtrer le journal">
      <label for="audit-type">Sur</label>
      <select id="audit-type" name="type">
        <option value="">tout</option>
        {Object.entries(TARGET_LABELS).map(([type, label]) => (
          <option value={type} selected={filters.targetType === type} safe>
            {`les ${label}s`}
          </option>
        ))}
      </select>
      <label for="audit-actor">Par (e-mail)</label>
      <input id="audit-actor" name="par" type="email" maxlength="254" value={filters.actorEmail ?? ''} autocomplete="off" />
      <button type="submit">Filtrer</button>
    </form>
  );
}

export function AuditPage({
  viewer,
  entries,
  filters,
  next,
}: {
  viewer: Viewer;
  entries: AuditRecord[];
  filters: AuditFilters;
  next: number | null;
}): JSX.Element {
  const kept = new URLSearchParams({
    ...(filters.targetType ? { type: filters.targetType } : {}),
    ...(filters.actorEmail ? { par: filters.actorEmail } : {}),
  });
  return (
    <AdminPage title="Journal" section="audit" viewer={viewer}>
      <h1>Journal des opérateurs</h1>
      <FilterForm filters={filters} />
      <AuditList entries={entries} />
      {next ? (
        <p>
          <a href={`/admin/audit?${new URLSearchParams([...kept, ['avant', String(next)]]).toString()}`}>Actions plus anciennes</a>
        </p>
      ) : (
        ''
      )}
    </AdminPage>
  );
}
