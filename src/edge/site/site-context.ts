import type { PageCache } from './page-cache.js';
import type { siteAudience } from './audience.js';

/** What the site's route files share, made once by site-routes.tsx: the page cache and the audience count. */
export interface SiteContext {
  cache: PageCache;
  audience: ReturnType<typeof siteAudience>;
}
