/** The one owner of French places: communes, départements, régions (docs/geography.md). */
export { foldPlaceName } from './fold.js';
export { officialList } from './official-list.js';
export { UNPLACED, type Location, type PlaceWarning, type PlaceWarningCode } from './place.js';
export { placeListing } from './resolve.js';
export { suggestCommunes, SUGGESTION_QUERY_MAX, type CommuneSuggestion } from './suggest.js';
export { allDepartments, departmentOf, placeLabel, properCityName, regionOf, shortCommuneName } from './areas.js';
export { communeCodes, communeLabel, communeName, departmentOfCommune, inDepartment, inRegion } from './area-phrases.js';
