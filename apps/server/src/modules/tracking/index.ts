/** The tracking module's surface: what the app and other modules may use. */
export { loadDispatchTracking, loadOrderTracking } from './tracking.service.js';
