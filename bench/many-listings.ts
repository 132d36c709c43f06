import type pg from 'pg';

/** `count` agencies named `prefix` and a number, for listings copied in SQL to belong to. */
export async function addAgencies(db: pg.Client, prefix: string, count: number) {
  await db.query(
    `INSERT INTO agencies (id, name, plan, verified, created_at)
     SELECT $2 || g, 'Agence ' || g, 'agence', true, now() - interval '400 days' FROM generate_series(1, $1) g
     ON CONFLICT DO NOTHING`,
    [count, prefix],
  );
}

/**
 * The agency's live listings copied in SQL until there are `times` as many, in the same cities,
 * spread over `agencies` agencies named `prefix` and a number (addAgencies): what a page and a
 * search cost when each city has `times` as many listings, without pushing them all through HTTP.
 * A copy's id has the original's shape (lst_ and 19 letters or digits, the copy number in the
 * last two), so the odd copy whose id an original already has is left out.
 */
export async function multiplyListings(db: pg.Client, agencyId: string, times: number, agencies: number, prefix = 'agc_month') {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'listings' ORDER BY ordinal_position`,
  );
  const value: Record<string, string> = {
    id: `left(l.id, 21) || lpad(to_hex(n), 2, '0')`,
    external_id: `l.external_id || '-' || n`,
    agency_id: `'${prefix}' || (1 + abs(hashtext(l.id || n)) % ${agencies})`,
  };
  const columns = rows.map((row) => row.column_name);
  await db.query(
    `INSERT INTO listings (${columns.join(', ')})
     SELECT ${columns.map((column) => value[column] ?? `l.${column}`).join(', ')}
     FROM listings l, generate_series(1, $2::int - 1) n WHERE l.agency_id = $1 AND l.env = 'live'
     ON CONFLICT DO NOTHING`,
    [agencyId, times],
  );
  await db.query('VACUUM ANALYZE listings');
}
