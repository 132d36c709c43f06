import { fmt, machine } from './lib.js';
import { benchAdmin } from './admin.js';
import { benchAlerts } from './alerts.js';
import { benchAuth } from './auth.js';
import { benchCapacity } from './capacity.js';
import { benchClient } from './client.js';
import { benchCluster } from './cluster.js';
import { benchEmbedded } from './embedded.js';
import { benchIngest } from './ingest.js';
import { benchJobs } from './jobs.js';
import { benchMail } from './mail.js';
import { benchMasking } from './masking.js';
import { benchMetrics } from './metrics.js';
import { benchModeration } from './moderation.js';
import { benchPhpClient } from './php-client.js';
import { benchPoliris } from './poliris.js';
import { benchPro } from './pro.js';
import { benchPushSideBySide } from './push-side-by-side.js';
import { benchQuotas } from './quotas.js';
import { benchSecondFactor } from './second-factor.js';
import { benchAudience, benchSite } from './site.js';
import { benchV1 } from './v1.js';
import { benchWebhooks } from './webhooks.js';
import { benchWriteSteps } from './write-steps.js';

/** `npm run bench [name…]`: runs the named benchmarks (all by default) and prints their figures. */
const BENCHES: Record<string, () => Promise<unknown>> = {
  admin: benchAdmin,
  alerts: benchAlerts,
  audience: benchAudience,
  auth: benchAuth,
  capacity: benchCapacity,
  client: benchClient,
  cluster: benchCluster,
  embedded: benchEmbedded,
  ingest: () => benchIngest(),
  jobs: benchJobs,
  mail: benchMail,
  masking: async () => {
    const { descriptionsPerSecond, chars } = await benchMasking();
    console.log(`  ${fmt(descriptionsPerSecond)} descriptions of ${chars} characters masked per second on one core (target ≥ 10,000)`);
  },
  metrics: benchMetrics,
  moderation: benchModeration,
  'php-client': () => benchPhpClient(),
  poliris: benchPoliris,
  pro: benchPro,
  'push-side-by-side': () => benchPushSideBySide(),
  quotas: benchQuotas,
  'second-factor': benchSecondFactor,
  site: benchSite,
  v1: benchV1,
  webhooks: benchWebhooks,
  'write-steps': benchWriteSteps,
};

const wanted = process.argv.slice(2).filter((name) => name in BENCHES);
console.log(`listing-sync benchmarks — ${machine()}`);
for (const name of wanted.length ? wanted : Object.keys(BENCHES)) {
  console.log(`\n# ${name}`);
  await BENCHES[name]!();
}
