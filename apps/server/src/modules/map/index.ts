/** The map module's surface: the campus map's description and its tiles, drawn here from the campus extract. */
export { mapModule } from './map.routes.js';
