import type { ListingContent, PropertyType } from '../listing-model/model.js';
import { isLandOrParking, isResidential } from './categories.js';
import { enNumber, frNumber } from './numbers.js';
import type { Reason, ReasonParams, Rule } from './reason.js';

/**
 * Surface bounds in m². Housing below 9 m² is not decent housing (décret 2002-120, art. 4), so
 * such an ad is almost always a typing mistake or a maid's room that needs a human look; above
 * 5,000 m² even a château is unlikely. Parking starts at a motorbike space.
 */
export const HOUSING_SURFACE = { min: 9, max: 5_000 };
export const PROFESSIONAL_SURFACE = { min: 5, max: 100_000 };
export const PARKING_SURFACE = { min: 1, max: 5_000 };
/** Up to 1,000 hectares: beyond that it is an estate, not a listing on this site. */
export const LAND_SURFACE = { min: 1, max: 10_000_000 };

/** Housing has at least one room; 50 rooms is a mansion or a typo. */
export const HOUSING_ROOMS = { min: 1, max: 50 };
/** Offices may count many rooms; zero is fine (an open space or a shop floor). */
export const PROFESSIONAL_ROOMS = { min: 0, max: 500 };
/**
 * Land and parking have no rooms, yet `rooms` is required on every listing: 0 says so, and 1
 * is what CRMs whose forms ask for at least one room send. Neither holds the listing back.
 */
export const LAND_OR_PARKING_ROOMS = { min: 0, max: 1 };
/** Below 4 m² per room the rooms cannot exist: 40 rooms in 30 m² is a typing mistake. */
export const MIN_M2_PER_ROOM = 4;

function surfaceBounds(type: PropertyType) {
  if (type === 'land') return LAND_SURFACE;
  if (type === 'parking') return PARKING_SURFACE;
  return isResidential(type) ? HOUSING_SURFACE : PROFESSIONAL_SURFACE;
}

export const implausibleSurface: Rule = {
  code: 'surface_implausible',
  check(content): Reason | null {
    const bounds = surfaceBounds(content.propertyType);
    if (content.surface >= bounds.min && content.surface <= bounds.max) return null;
    return { code: 'surface_implausible', severity: 'review', params: { surface: content.surface, min: bounds.min, max: bounds.max } };
  },
  describe(params) {
    const { surface, min, max } = params as { surface: number; min: number; max: number };
    return {
      fr: `La surface de ${frNumber(surface)} m² est invraisemblable pour ce type de bien (attendu entre ${frNumber(min)} et ${frNumber(max)} m²). Vérifiez la surface saisie.`,
      en: `The surface of ${enNumber(surface)} m² is implausible for this kind of property (expected between ${enNumber(min)} and ${enNumber(max)} m²). Check the surface.`,
    };
  },
};

function roomsProblem(content: ListingContent): ReasonParams | null {
  const { rooms, surface, propertyType } = content;
  if (isLandOrParking(propertyType))
    return rooms >= LAND_OR_PARKING_ROOMS.min && rooms <= LAND_OR_PARKING_ROOMS.max ? null : { rooms, problem: 'land' };
  const bounds = isResidential(propertyType) ? HOUSING_ROOMS : PROFESSIONAL_ROOMS;
  if (!Number.isInteger(rooms) || rooms < bounds.min || rooms > bounds.max)
    return { rooms, problem: 'range', min: bounds.min, max: bounds.max };
  if (rooms > 0 && surface > 0 && surface / rooms < MIN_M2_PER_ROOM) return { rooms, problem: 'density', surface };
  return null;
}

function roomsProblemText(params: ReasonParams): { fr: string; en: string } {
  const { rooms, surface, min, max } = params as { rooms: number; surface: number; min: number; max: number };
  if (params.problem === 'land')
    return { fr: 'un terrain ou un parking n’a pas de pièces (indiquez 0, ou 1)', en: 'land or parking has no rooms (send 0, or 1)' };
  if (params.problem === 'range') return { fr: `attendu entre ${min} et ${max} pièces`, en: `expected between ${min} and ${max} rooms` };
  return {
    fr: `${frNumber(surface)} m² ne peuvent contenir ${rooms} pièces (moins de ${MIN_M2_PER_ROOM} m² par pièce)`,
    en: `${enNumber(surface)} m² cannot hold ${rooms} rooms (under ${MIN_M2_PER_ROOM} m² a room)`,
  };
}

export const implausibleRooms: Rule = {
  code: 'rooms_implausible',
  check(content): Reason | null {
    const problem = roomsProblem(content);
    if (problem === null) return null;
    return { code: 'rooms_implausible', severity: 'review', params: problem };
  },
  describe(params) {
    const problem = roomsProblemText(params);
    return {
      fr: `Le nombre de pièces (${params.rooms}) est invraisemblable : ${problem.fr}. Vérifiez le nombre de pièces et la catégorie du bien.`,
      en: `The number of rooms (${params.rooms}) is implausible: ${problem.en}. Check the number of rooms and the property category.`,
    };
  },
};
