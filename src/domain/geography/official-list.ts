import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arrondissementOf, foldPlaceName } from './fold.js';

/**
 * The State's list of communes, départements and régions (the Code officiel géographique, as
 * `@etalab/decoupage-administratif` packages it: data files, no network), read once per
 * process and kept as the few indexes resolution and suggestions need. The package's own entry
 * point reads its files relative to the working directory, so the files are opened here.
 */

export interface Commune {
  /** INSEE code: a commune, or an arrondissement municipal of Paris, Lyon or Marseille. */
  code: string;
  /** Official name (« Lyon 3e Arrondissement »). */
  name: string;
  /** The name a page shows (« Lyon 3e »). */
  shortName: string;
  fold: string;
  departmentCode: string;
  regionCode: string;
  population: number;
  postcodes: readonly string[];
  /** An arrondissement's commune (69123 for Lyon 3e), and its number. */
  parent: string | null;
  number: number | null;
}

export interface Area {
  code: string;
  name: string;
  regionCode: string;
  /** How French links to the name (INSEE's « type de nom en clair »: 2 « le », 3 « la », …; area-phrases.ts). */
  liaison: number;
}

export interface OfficialList {
  communes: ReadonlyMap<string, Commune>;
  byPostcode: ReadonlyMap<string, readonly Commune[]>;
  /** Folded names, official and former (a commune déléguée names the commune it joined). */
  byName: ReadonlyMap<string, readonly Commune[]>;
  /** Communes and arrondissements in folded-name order, for prefix lookups. */
  sorted: readonly Commune[];
  departments: ReadonlyMap<string, Area>;
  regions: ReadonlyMap<string, { code: string; name: string }>;
}

interface RawCommune {
  code: string;
  nom: string;
  type: 'commune-actuelle' | 'arrondissement-municipal' | 'commune-deleguee' | 'commune-associee';
  departement: string;
  region: string;
  codesPostaux?: string[];
  population?: number;
  commune?: string;
  chefLieu?: string;
}

const requireData = createRequire(import.meta.url);
const readData = <T>(name: string): T =>
  JSON.parse(readFileSync(requireData.resolve(`@etalab/decoupage-administratif/data/${name}.json`), 'utf8')) as T;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

function communeOf(raw: RawCommune): Commune {
  const shortName = raw.type === 'arrondissement-municipal' ? raw.nom.replace(/ Arrondissement$/, '') : raw.nom;
  const fold = foldPlaceName(raw.nom);
  return {
    code: raw.code,
    name: raw.nom,
    shortName,
    fold,
    departmentCode: raw.departement,
    regionCode: raw.region,
    population: raw.population ?? 0,
    postcodes: raw.codesPostaux ?? [],
    parent: raw.type === 'arrondissement-municipal' ? (raw.commune ?? null) : null,
    number: raw.type === 'arrondissement-municipal' ? (arrondissementOf(foldPlaceName(shortName))?.number ?? null) : null,
  };
}

/** Reads and indexes the package's files (about 0.3 s; see docs/geography.md for the memory). */
export function readOfficialList(): OfficialList {
  const communes = new Map<string, Commune>();
  const byPostcode = new Map<string, Commune[]>();
  const byName = new Map<string, Commune[]>();
  const former: RawCommune[] = [];
  for (const raw of readData<RawCommune[]>('communes')) {
    if (raw.type === 'commune-deleguee' || raw.type === 'commune-associee') {
      former.push(raw);
      continue;
    }
    const commune = communeOf(raw);
    communes.set(commune.code, commune);
    for (const postcode of commune.postcodes) push(byPostcode, postcode, commune);
    push(byName, commune.fold, commune);
    if (commune.parent) push(byName, foldPlaceName(commune.shortName), commune);
  }
  for (const raw of former) {
    const current = raw.chefLieu ? communes.get(raw.chefLieu) : undefined;
    const fold = foldPlaceName(raw.nom);
    if (current && !byName.get(fold)?.includes(current)) push(byName, fold, current);
  }
  const sorted = [...communes.values()].sort((a, b) => (a.fold < b.fold ? -1 : a.fold > b.fold ? 1 : b.population - a.population));
  const departments = new Map(
    readData<Array<{ code: string; nom: string; region: string; typeLiaison: number }>>('departements').map((d) => [
      d.code,
      { code: d.code, name: d.nom, regionCode: d.region, liaison: d.typeLiaison },
    ]),
  );
  const regions = new Map(readData<Array<{ code: string; nom: string }>>('regions').map((r) => [r.code, { code: r.code, name: r.nom }]));
  return { communes, byPostcode, byName, sorted, departments, regions };
}

let list: OfficialList | undefined;

/** The list, read at the first call (the server calls it at start, so no request pays for it). */
export const officialList = (): OfficialList => (list ??= readOfficialList());
