/** The addresses module's surface: what the app and other modules may use. */
export { addressesModule } from './addresses.routes.js';
export { findAddresses, findOwnAddress, OUTSIDE_AREA } from './addresses.service.js';
export type { AddressRow } from './addresses.repo.js';
