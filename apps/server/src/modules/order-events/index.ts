/** The order-events module's surface: item status moves, their recorded events and the live `order.updated` push. */
export { moveItems, pushOrderUpdate, recordStatusEvents } from './order-events.js';
