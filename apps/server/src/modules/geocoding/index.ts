/** The geocoding module's surface: what the app and other modules may use. */
export { geocodingModule } from './geocoding.routes.js';
export { PlaceIndex } from './place-index.js';
export { allPlaces, findPlace } from './places.service.js';
