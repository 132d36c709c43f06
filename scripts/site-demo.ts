import { startSampleSite } from '../test/helpers/sample-site.js';

/** `npx tsx scripts/site-demo.ts [count]`: a server with sample listings, to look at the site. */
const site = await startSampleSite(Number(process.argv[2] ?? 40));
console.log(`public site ${site.url}/  (a listing: ${site.url}/listings/${site.serviceIds[0]})`);
process.on('SIGINT', () => void site.stop().then(() => process.exit(0)));
process.on('SIGTERM', () => void site.stop().then(() => process.exit(0)));
