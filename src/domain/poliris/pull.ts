import type { Database } from '../../platform/db/database.js';
import { JobQueue } from '../../platform/jobs/queue.js';
import type { JobHandler } from '../../platform/jobs/runner.js';
import type { PeriodicJob } from '../../platform/jobs/periodic.js';
import type { MailSite } from '../mail/site.js';
import type { Resolver } from '../webhooks/guarded-agent.js';
import type { AgencyEnv } from '../tenant.js';
import { DELIVERED_FILE_MAX_BYTES, defaultImporter, deliveredUpload, type Importer } from './delivered-file.js';
import { fetchPasserelle, type Fetched } from './pull-fetch.js';
import { pullSetting, recordPull, takeDuePulls, type PullRecord, type PullSetting } from './pull-settings.js';
import { tellPullFailure } from './pull-mail.js';

/**
 * The scheduled pull of an agency's passerelle file (docs/operations.md, "Background work"):
 * `poliris.pull-due` hands out the pulls due, each as a `poliris.pull` job of the one queue; a
 * pull fetches the file with the validators of the last one imported (a 304 imports nothing),
 * imports it as one full sync (`importPoliris`, origin `pull`, its report kept), records the
 * result, and mails the agency's admins at the first failure of a streak.
 */

export const PULL_JOB = 'poliris.pull';
const DUE_SWEEP_MS = 5 * 60_000;
/** Pulls handed out per sweep: the rest wait for the next one (each sweep's jobs spread over the runners). */
const DUE_PER_SWEEP = 500;

export interface PullDeps {
  db: Database;
  now: () => Date;
  /** Where the failure mail links to and comes from. */
  site: MailSite;
  allowPrivate: boolean;
  resolve?: Resolver;
  /** Which resolved addresses may be reached (tests let a loopback name through, and nothing else private). */
  allows?: (address: string) => boolean;
  importer?: Importer;
  maxBytes?: number;
  timeoutMs?: number;
}

export interface PullOutcome extends PullRecord {
  /** Whether this pull mailed the agency (the first failure of a streak). */
  mailed: boolean;
}

/** Pulls the tenant's file once; null when the tenant has no pull URL (cleared meanwhile). */
export async function pullOnce(deps: PullDeps, tenant: AgencyEnv): Promise<PullOutcome | null> {
  const setting = await pullSetting(deps.db, tenant);
  if (!setting) return null;
  const record = await pulled(deps, tenant, setting);
  const now = deps.now();
  const mailed = await deps.db.transaction(async (tx) => {
    const tell = await recordPull(tx, tenant, setting.url, record, now);
    if (tell) await tellPullFailure(tx, { tenant, url: setting.url, detail: record.detail ?? '', at: now }, deps.site, now);
    return tell;
  });
  return { ...record, mailed };
}

async function pulled(deps: PullDeps, tenant: AgencyEnv, setting: PullSetting): Promise<PullRecord> {
  const fetched: Fetched = await fetchPasserelle(
    setting.url,
    { etag: setting.etag, lastModified: setting.lastModified },
    {
      env: tenant.env,
      allowPrivate: deps.allowPrivate,
      resolve: deps.resolve,
      allows: deps.allows,
      maxBytes: deps.maxBytes ?? DELIVERED_FILE_MAX_BYTES,
      timeoutMs: deps.timeoutMs,
    },
  );
  if (fetched.kind === 'not_modified')
    return { result: 'not_modified', detail: 'Fichier inchangé depuis le dernier import : rien à importer.', importId: null };
  if (fetched.kind === 'failed') return { result: 'failed', detail: fetched.detail, importId: null };
  const importer = deps.importer ?? defaultImporter;
  const options = { origin: 'pull' as const, fileName: fetched.fileName, force: false };
  const outcome = await importer(deps.db, tenant, deliveredUpload(fetched.fileName, fetched.bytes), options, deps.now);
  if (!outcome.ok) return { result: 'refused', detail: outcome.detail, importId: null };
  const report = outcome.value;
  if (report.outcome === 'refused')
    return { result: 'refused', detail: report.refusal?.detail ?? 'Fichier refusé.', importId: report.importId };
  // Only an imported file's validators are kept: a refused one is fetched and reported again until it changes.
  return { result: 'imported', detail: null, importId: report.importId, validators: fetched.validators };
}

/** The `poliris.pull` job: one tenant's pull. */
export function pullJobHandler(deps: PullDeps): JobHandler {
  return async (payload) => {
    const { agencyId, env } = (payload ?? {}) as Partial<AgencyEnv>;
    if (typeof agencyId !== 'string' || (env !== 'live' && env !== 'test')) return;
    await pullOnce(deps, { agencyId, env });
  };
}

/** Hands out the pulls due as `poliris.pull` jobs, in the transaction that moves them to their next period. */
export async function enqueueDuePulls(deps: Pick<PullDeps, 'db' | 'now'>): Promise<number> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = await takeDuePulls(tx, now, DUE_PER_SWEEP);
    const queue = new JobQueue(tx, () => now);
    for (const tenant of due)
      await queue.enqueue(PULL_JOB, tenant, { tx, singletonKey: `${tenant.agencyId}/${tenant.env}`, maxAttempts: 2 });
    return due.length;
  });
}

export const pullJobs = (deps: Pick<PullDeps, 'db' | 'now'>): PeriodicJob[] => [
  { name: 'poliris.pull-due', everyMs: DUE_SWEEP_MS, run: async () => void (await enqueueDuePulls(deps)) },
];
