/** The geocoding module's surface: what the app and other modules may use. */
export { geocodingModule } from './geocoding.routes.js';
export { PlaceIndex } from './place-index.js';
export { findPlace, hiddenPlaces, shownPlaces } from './places.service.js';
export { placesAdminModule } from './admin-places.routes.js';
