/** The addresses module's surface: what the app and other modules may use. */
export { addressesModule, OUTSIDE_AREA } from './addresses.routes.js';
export { findOwnAddress } from './addresses.repo.js';
