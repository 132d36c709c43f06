import { shortCommuneName } from './areas.js';
import { officialList } from './official-list.js';

/**
 * What a search on an area covers, and how a page or a mail names it (docs/geography.md).
 * One form per kind of area, correct for every name of the list: « dans le département du
 * Rhône (69) », « dans la région Auvergne-Rhône-Alpes », « à Lyon 3e (69) ».
 */

/**
 * The INSEE codes a search on the commune `code` finds listings in: the commune, and for Paris
 * (75056), Lyon (69123) and Marseille (13055) their arrondissements too, where their listings
 * are placed. Null when the list has no such commune.
 */
export function communeCodes(code: string): string[] | null {
  const commune = officialList().communes.get(code.trim().toUpperCase());
  return commune ? [commune.code, ...officialList().arrondissementsOf(commune.code)] : null;
}

/** « Lyon 3e (69) » for 69383; null when the list has no such commune. */
export function communeLabel(code: string): string | null {
  const commune = officialList().communes.get(code.trim().toUpperCase());
  return commune ? `${shortCommuneName(commune.name)} (${commune.departmentCode})` : null;
}

/** A commune's name as its suggestion shows it (« Lyon 3e » for 69383); null when the list has no such commune. */
export function communeName(code: string): string | null {
  const commune = officialList().communes.get(code.trim().toUpperCase());
  return commune ? shortCommuneName(commune.name) : null;
}

/** The département of a commune (« 69 » for 69383); null when the list has no such commune. */
export const departmentOfCommune = (code: string): string | null =>
  officialList().communes.get(code.trim().toUpperCase())?.departmentCode ?? null;

/**
 * « du Rhône », « de la Loire », « de l’Ain », « des Bouches-du-Rhône », « de Paris »,
 * « d’Eure-et-Loir », from the name's « type de nom en clair » (INSEE): 0 and 1 have no article
 * (« de », « d’ »), 2 « le », 3 « la », 4 « les », 5 « l’ ».
 */
function ofName(name: string, liaison: number): string {
  switch (liaison) {
    case 1:
      return `d’${name}`;
    case 2:
      return `du ${name}`;
    case 3:
      return `de la ${name}`;
    case 4:
      return `des ${name}`;
    case 5:
      return `de l’${name}`;
    default:
      return /^[AEIOUYÂÉÈÊÎÔÛ]/i.test(name) ? `d’${name}` : `de ${name}`;
  }
}

/** « dans le département du Rhône (69) »; null for a code the list does not have. */
export function inDepartment(code: string): string | null {
  const department = officialList().departments.get(code.trim().toUpperCase());
  return department ? `dans le département ${ofName(department.name, department.liaison)} (${department.code})` : null;
}

/** « dans la région Auvergne-Rhône-Alpes »; null for a code the list does not have. */
export function inRegion(code: string): string | null {
  const region = officialList().regions.get(code.trim());
  return region ? `dans la région ${region.name}` : null;
}
