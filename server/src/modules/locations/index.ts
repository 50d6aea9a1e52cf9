// The locations entity: what other modules may use (ARCHITECTURE.md 'Server modules').
export { loadTrees } from './locations.repo';
export { LOCATION_NOT_FOUND, locationsUnder, organizationsUnder, requireLocationInScope } from './locations.service';
