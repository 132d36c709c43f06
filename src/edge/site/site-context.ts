import type { PageCache } from './page-cache.js';
import type { siteAudience } from './audience.js';
import type { placeTally } from './place-tally.js';

/** What the site's route files share, made once by site-routes.tsx: the page cache, the audience count, the places with listings. */
export interface SiteContext {
  cache: PageCache;
  audience: ReturnType<typeof siteAudience>;
  places: ReturnType<typeof placeTally>;
}
