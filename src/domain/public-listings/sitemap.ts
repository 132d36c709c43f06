import type { Queryable } from '../../platform/db/database.js';
import { communePages, departmentPages } from './place-paths.js';
import { placesWithListings } from './places.js';

/** Listings per sitemap file: well under the protocol's 50,000 URLs and 50 MB. */
export const SITEMAP_PAGE_SIZE = 10_000;

export async function publicListingCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM public_listings');
  return rows[0]!.n;
}

/** One sitemap file's listings (page from 1), in a stable order, with their last change. */
export async function sitemapEntries(db: Queryable, page: number): Promise<Array<{ serviceId: string; updatedAt: Date }>> {
  const { rows } = await db.query<{ id: string; updated_at: Date }>(
    `SELECT id, updated_at FROM public_listings ORDER BY first_published_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [SITEMAP_PAGE_SIZE, (page - 1) * SITEMAP_PAGE_SIZE],
  );
  return rows.map((row) => ({ serviceId: row.id, updatedAt: row.updated_at }));
}

/**
 * The pages of the places that have public listings (place-paths.ts): every such département,
 * commune and arrondissement, and the city of an arrondissement that has some. At most about
 * 35,000, within one sitemap file.
 */
export async function placePagePaths(db: Queryable): Promise<string[]> {
  const { departments, communes } = await placesWithListings(db);
  return [...departmentPages(departments), ...communePages(communes)].map(({ place }) => place.path);
}
