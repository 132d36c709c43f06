import { placesWithListings, type PlacesWithListings } from '../../domain/public-listings/places.js';

/**
 * Which places have listings, for the home page's links and the list of départements: counting
 * them reads every public listing, so each process asks at most once per `maxAgeMs` (a minute
 * per second of page cache: five minutes by default) and shares the answer. A département whose
 * last listing left meanwhile stays linked that long, to its page saying it has none.
 */
export function placeTally(
  db: Parameters<typeof placesWithListings>[0],
  maxAgeMs: number,
  clock: () => number = Date.now,
): () => Promise<PlacesWithListings> {
  let last: { at: number; answer: Promise<PlacesWithListings> } | undefined;
  return () => {
    const now = clock();
    if (!last || now - last.at >= maxAgeMs) {
      const answer = placesWithListings(db);
      const asked = { at: now, answer };
      last = asked;
      // A failed count is not kept: the next page asks again.
      answer.catch(() => {
        if (last === asked) last = undefined;
      });
    }
    return last.answer;
  };
}
