import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arrondissementOf, foldPlaceName } from './fold.js';
import { packTexts, type PackedTexts } from './packed-texts.js';

/**
 * The State's list of communes, départements and régions (the Code officiel géographique, as
 * `@etalab/decoupage-administratif` packages it: data files, no network), read once per
 * process. The package's own entry point reads its files relative to the working directory,
 * so the files are opened here.
 *
 * Kept packed: the 35,000 communes are a few long strings and typed arrays in name order, not
 * 200,000 small objects, so the list costs the collector nothing to walk at each major
 * collection and little memory (docs/geography.md, "Memory and speed"). A commune is made as an
 * object when it is asked for, once, and kept: the same commune is always the same object.
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
  /** How French links to the name (INSEE's « type de nom en clair »: 2 « le », 3 « la »…). */
  liaison: number;
}

export interface OfficialList {
  communes: { get(code: string): Commune | undefined; values(): IterableIterator<Commune> };
  byPostcode: { get(postcode: string): readonly Commune[] | undefined };
  /** Folded names, official and former (a commune déléguée names the commune it joined), and « lyon 3e ». */
  byName: { get(fold: string): readonly Commune[] | undefined };
  /** The arrondissements municipaux of a commune (Paris, Lyon, Marseille), by code; empty for any other. */
  arrondissementsOf(code: string): readonly string[];
  /** Positions, in folded-name order, of the communes whose folded name starts with `prefix`. */
  namePrefix(prefix: string): { from: number; to: number };
  /** Positions of the communes with a postcode that starts with `digits`. */
  postcodePrefix(digits: string): number[];
  /** The commune at a position, and its population (suggestions rank on it before making any commune). */
  at(position: number): Commune;
  populationAt(position: number): number;
  departments: ReadonlyMap<string, Area>;
  regions: ReadonlyMap<string, { code: string; name: string; liaison: number }>;
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

/** The binary search every packed index uses: the first position whose key is not below `key`. */
function lowerBound(count: number, keyAt: (i: number) => string, key: string): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (keyAt(mid) < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Fixed-width codes (INSEE codes, postcodes: five characters) packed in one string, sorted or not. */
const fixedAt = (text: string, i: number) => text.slice(5 * i, 5 * i + 5);

/** Compressed rows: members of row r are `members[first[r] … first[r + 1]]`. */
interface Rows {
  first: Uint32Array;
  members: Uint32Array;
}
function rowsOf(lists: readonly (readonly number[])[]): Rows {
  const first = new Uint32Array(lists.length + 1);
  for (let r = 0; r < lists.length; r++) first[r + 1] = first[r]! + lists[r]!.length;
  const members = new Uint32Array(first[lists.length]!);
  lists.forEach((list, r) => members.set(list, first[r]!));
  return { first, members };
}
const rowAt = (rows: Rows, r: number) => rows.members.subarray(rows.first[r], rows.first[r + 1]);
/** Row `r`'s members, each made into what `make` gives: a plain loop, as lookups run for every listing written. */
function rowMap<T>(rows: Rows, r: number, make: (member: number) => T): T[] {
  const made: T[] = [];
  for (let k = rows.first[r]!; k < rows.first[r + 1]!; k++) made.push(make(rows.members[k]!));
  return made;
}

interface Entry {
  raw: RawCommune;
  fold: string;
}

/** Every commune and arrondissement in folded-name order (the largest first among equal names), and the former communes. */
function readEntries(): { entries: Entry[]; former: RawCommune[] } {
  const entries: Entry[] = [];
  const former: RawCommune[] = [];
  for (const raw of readData<RawCommune[]>('communes')) {
    if (raw.type === 'commune-deleguee' || raw.type === 'commune-associee') former.push(raw);
    else entries.push({ raw, fold: foldPlaceName(raw.nom) });
  }
  entries.sort((a, b) => (a.fold < b.fold ? -1 : a.fold > b.fold ? 1 : (b.raw.population ?? 0) - (a.raw.population ?? 0)));
  return { entries, former };
}

/** The communes' own columns, by position in name order, and their positions in code order. */
function packCommunes(entries: readonly Entry[]) {
  const codeList = entries.map((e) => e.raw.code);
  const departmentCodes = [...new Set(entries.map((e) => e.raw.departement))];
  const regionCodes = [...new Set(entries.map((e) => e.raw.region))];
  return {
    count: entries.length,
    names: packTexts(entries.map((e) => e.raw.nom)),
    folds: packTexts(entries.map((e) => e.fold)),
    codes: codeList.join(''),
    byCode: Uint32Array.from(entries.keys()).sort((a, b) => (codeList[a]! < codeList[b]! ? -1 : 1)),
    population: Uint32Array.from(entries, (e) => e.raw.population ?? 0),
    departmentCodes,
    regionCodes,
    department: Uint16Array.from(entries, (e) => departmentCodes.indexOf(e.raw.departement)),
    region: Uint16Array.from(entries, (e) => regionCodes.indexOf(e.raw.region)),
    parentCodes: entries.map((e) => e.raw.commune ?? null),
  };
}

/** Postcodes sorted, each with its communes' positions, and each commune's postcodes. */
function packPostcodes(entries: readonly Entry[]) {
  const lists = new Map<string, number[]>();
  entries.forEach((e, i) => {
    for (const postcode of e.raw.codesPostaux ?? []) {
      const list = lists.get(postcode);
      if (list) list.push(i);
      else lists.set(postcode, [i]);
    }
  });
  const keys = [...lists.keys()].sort();
  const index = new Map(keys.map((postcode, i) => [postcode, i]));
  return {
    count: keys.length,
    text: keys.join(''),
    index,
    communes: rowsOf(keys.map((postcode) => lists.get(postcode)!)),
    ofCommune: rowsOf(entries.map((e) => (e.raw.codesPostaux ?? []).map((postcode) => index.get(postcode)!))),
  };
}

/** Other names that find a commune: its former communes' (a commune déléguée's), and an arrondissement's short one. */
function packAliases(entries: readonly Entry[], former: readonly RawCommune[], position: (code: string) => number | undefined) {
  const aliases: Array<{ fold: string; to: number }> = [];
  entries.forEach((e, i) => {
    if (e.raw.type === 'arrondissement-municipal') aliases.push({ fold: foldPlaceName(shortOf(e.raw)), to: i });
  });
  for (const raw of former) {
    const to = raw.chefLieu ? position(raw.chefLieu) : undefined;
    if (to !== undefined) aliases.push({ fold: foldPlaceName(raw.nom), to });
  }
  aliases.sort((a, b) => (a.fold < b.fold ? -1 : a.fold > b.fold ? 1 : 0));
  return { folds: packTexts(aliases.map((a) => a.fold)), to: Uint32Array.from(aliases, (a) => a.to) };
}

// Every text that starts with `prefix` sorts between it and it followed by the last character.
const prefixRange = (size: number, keyAt: (i: number) => string, prefix: string) => ({
  from: lowerBound(size, keyAt, prefix),
  to: lowerBound(size, keyAt, `${prefix}\uffff`),
});

function exactRange(texts: PackedTexts, text: string): { from: number; to: number } {
  const from = texts.lowerBound(text);
  let to = from;
  while (to < texts.count && texts.at(to) === text) to++;
  return { from, to };
}

class PackedList implements OfficialList {
  private readonly made: Array<Commune | undefined>;
  private readonly aliases: ReturnType<typeof packAliases>;
  private readonly arrondissements = new Map<string, string[]>();
  readonly departments = readAreas();
  readonly regions: OfficialList['regions'] = new Map(
    readData<Array<{ code: string; nom: string; typeLiaison: number }>>('regions').map((r) => [
      r.code,
      { code: r.code, name: r.nom, liaison: r.typeLiaison },
    ]),
  );

  constructor(
    private readonly own: ReturnType<typeof packCommunes>,
    private readonly postcodes: ReturnType<typeof packPostcodes>,
    former: readonly RawCommune[],
    entries: readonly Entry[],
  ) {
    this.made = new Array(own.count);
    this.aliases = packAliases(entries, former, this.position);
    for (const e of entries) {
      if (!e.raw.commune) continue;
      const list = this.arrondissements.get(e.raw.commune);
      if (list) list.push(e.raw.code);
      else this.arrondissements.set(e.raw.commune, [e.raw.code]);
    }
  }

  private readonly position = (code: string): number | undefined => {
    const { count, codes, byCode } = this.own;
    const at = lowerBound(count, (i) => fixedAt(codes, byCode[i]!), code);
    return at < count && fixedAt(codes, byCode[at]!) === code ? byCode[at] : undefined;
  };

  readonly at = (i: number): Commune => (this.made[i] ??= this.make(i));

  private make(i: number): Commune {
    const { names, folds, codes, population, departmentCodes, regionCodes, department, region, parentCodes } = this.own;
    const name = names.at(i);
    const parent = parentCodes[i]!;
    const shortName = parent ? shortOf({ nom: name }) : name;
    return {
      code: fixedAt(codes, i),
      name,
      shortName,
      fold: folds.at(i),
      departmentCode: departmentCodes[department[i]!]!,
      regionCode: regionCodes[region[i]!]!,
      population: population[i]!,
      postcodes: [...rowAt(this.postcodes.ofCommune, i)].map((p) => fixedAt(this.postcodes.text, p)),
      parent,
      number: parent ? (arrondissementOf(foldPlaceName(shortName))?.number ?? null) : null,
    };
  }

  readonly communes: OfficialList['communes'] = {
    get: (code) => {
      const i = this.position(code);
      return i === undefined ? undefined : this.at(i);
    },
    values: () => this.every(),
  };

  private *every(): IterableIterator<Commune> {
    for (let i = 0; i < this.own.count; i++) yield this.at(i);
  }

  readonly byPostcode: OfficialList['byPostcode'] = {
    get: (postcode) => {
      const row = this.postcodes.index.get(postcode);
      return row === undefined ? undefined : rowMap(this.postcodes.communes, row, this.at);
    },
  };

  readonly byName: OfficialList['byName'] = {
    get: (fold) => {
      const found: number[] = [];
      const own = exactRange(this.own.folds, fold);
      for (let i = own.from; i < own.to; i++) found.push(i);
      const other = exactRange(this.aliases.folds, fold);
      for (let i = other.from; i < other.to; i++) if (!found.includes(this.aliases.to[i]!)) found.push(this.aliases.to[i]!);
      return found.length > 0 ? found.map(this.at) : undefined;
    },
  };

  arrondissementsOf(code: string): readonly string[] {
    return this.arrondissements.get(code) ?? [];
  }

  namePrefix(prefix: string): { from: number; to: number } {
    // Every text that starts with `prefix` sorts between it and it followed by the last character.
    const { folds } = this.own;
    return { from: folds.lowerBound(prefix), to: folds.lowerBound(`${prefix}\uffff`) };
  }

  postcodePrefix(digits: string): number[] {
    const { count, text, communes } = this.postcodes;
    const { from, to } = prefixRange(count, (i) => fixedAt(text, i), digits);
    const found = new Set<number>();
    for (let p = from; p < to; p++) for (const i of rowAt(communes, p)) found.add(i);
    return [...found];
  }

  readonly populationAt = (i: number): number => this.own.population[i]!;
}

/** Reads the package's files and packs them (about half a second; the memory: docs/geography.md). */
export function readOfficialList(): OfficialList {
  const { entries, former } = readEntries();
  return new PackedList(packCommunes(entries), packPostcodes(entries), former, entries);
}

const shortOf = (raw: { nom: string }) => raw.nom.replace(/ Arrondissement$/, '');

function readAreas(): ReadonlyMap<string, Area> {
  return new Map(
    readData<Array<{ code: string; nom: string; region: string; typeLiaison: number }>>('departements').map((d) => [
      d.code,
      { code: d.code, name: d.nom, regionCode: d.region, liaison: d.typeLiaison },
    ]),
  );
}

let list: OfficialList | undefined;

/** The list, read at the first call (the server calls it at start, so no request pays for it). */
export const officialList = (): OfficialList => (list ??= readOfficialList());
