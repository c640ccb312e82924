/** The routing module's surface: routes over the committed campus extract's roads. */
export { CAMPUS_EXTRACT_FILE, ROUTABLE_HIGHWAYS } from './road-graph.js';
export { routeOnCampus } from './routing.service.js';
