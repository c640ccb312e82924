/** The rider module's surface: what the app and other modules may use. */
export { riderModule } from './rider.routes.js';
export { riderRating } from './rider.repo.js';
export {
  decideRiderApplication,
  lockRiderApplication,
  pendingRiderApplications,
  riderApplicationStatus,
  ridersRatedBelow,
} from './applications.service.js';
