/** The orders module's surface: what the app and other modules may use. */
export { ordersModule } from './orders.routes.js';
export { moveItems, pushOrderUpdate } from './item-status.js';
export {
  assignOrder,
  carriesOrder,
  deliveredOrders,
  findOrderDelivery,
  itemOrders,
  itemStatuses,
  openOrderDeliveries,
  ordersWaitingForRider,
  orderCode,
  pickupLines,
  recentPaidOrders,
  recordWrongOrderCode,
  riderOrders,
  unassignOrder,
  unitsSold,
  type OrderDeliveryRow,
} from './orders.queries.js';
export {
  adminOrderList,
  cancelOrderItems,
  lockOrderForVendor,
  optionsInOrders,
  orderWithItems,
  refundCancelledItems,
  vendorHasItems,
  vendorOrderLines,
  vendorHeldKobo,
  vendorSales,
} from './portals.service.js';
export { offerToRiders } from './slot-offers.js';
export { slotOf } from './order-views.js';
