/** The one owner of French places: communes, départements, régions (docs/geography.md). */
export { foldPlaceName } from './fold.js';
export { officialList } from './official-list.js';
export { UNPLACED, type Location, type PlaceWarning, type PlaceWarningCode } from './place.js';
export { placeListing, locationOf } from './resolve.js';
export { suggestCommunes, SUGGESTIONS_MAX, SUGGESTION_QUERY_MAX, type CommuneSuggestion } from './suggest.js';
export { allDepartments, allRegions, departmentOf, placeLabel, properCityName, regionOf, shortCommuneName } from './areas.js';
export { communeCodes, communeLabel, departmentOfCommune, inDepartment, inRegion } from './area-phrases.js';
