import type { PropertyType } from '../listing-model/model.js';

/** Housing: the categories the decency, energy and anti-discrimination rules protect. */
export const isResidential = (type: PropertyType) =>
  type === 'apartment' || type === 'house' || type === 'duplex' || type === 'studio' || type === 'loft';

/** Categories that have no rooms and whose prices run far below housing. */
export const isLandOrParking = (type: PropertyType) => type === 'land' || type === 'parking';
