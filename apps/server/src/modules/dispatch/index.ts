/** The dispatch module's surface: what the app and other modules may use. */
export { dispatchModule } from './dispatch.routes.js';
export { DispatchRiderService } from './rider-side.service.js';
export {
  carriesDispatch,
  deliveredDispatches,
  findDispatch,
  listOpenDispatches,
  listRiderDispatches,
  listRiderDispatchesUnderWay,
  recentPaidDispatches,
  type DispatchRow,
} from './dispatch.queries.js';
export { adminDispatchList } from './portals.service.js';
export { dispatchRidersUnderWay, riderDispatchPromises } from './insight-figures.js';
