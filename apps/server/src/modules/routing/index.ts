/** The routing module's surface: routes over the committed campus extract's roads, and arrival estimates on them. */
export { CAMPUS_EXTRACT_FILE, ROUTABLE_HIGHWAYS } from './road-graph.js';
export { routeOnCampus } from './routing.service.js';
export { arrival, type Journey } from './eta.js';
export { EtaCalibration, etaAccuracy, recordDelivered, recordPickup } from './eta.service.js';
