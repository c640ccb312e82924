/** The rider module's surface: what the app and other modules may use. */
export { riderModule } from './rider.routes.js';
export { isApprovedRider, riderCards, riderRating, type RiderCard } from './rider.queries.js';
export {
  decideRiderApplication,
  lockRiderApplication,
  pendingRiderApplications,
  riderApplicationStatus,
  ridersRatedBelow,
} from './applications.service.js';
export { riderFeeKobo } from './deliveries.js';
export { deliveryStarsSql, onlineRiders, riderHoursOnline, riderRatingsBetween } from './insight-figures.js';
