/**
 * The order-events module's surface: the log of status changes (status_events) of orders, their
 * items and dispatches, each recorded with the push job that tells the customer. The statuses
 * themselves belong to their subjects' modules (orders moves its items, dispatch its dispatches);
 * tracking reads the log back as timelines.
 */
export {
  lastReachedAt,
  recordStatusChanges,
  recordStatusEvents,
  statusEventsOf,
  type StatusEventRow,
} from './order-events.js';
export { cancelEventSql, firstReachedSql, reachedBetweenSql } from './insight-figures.js';
