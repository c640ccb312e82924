/** The orders module's surface: what the app and other modules may use. */
export { ordersModule } from './orders.routes.js';
export { moveItems, pushOrderUpdate } from './item-status.js';
export {
  assignOrder,
  batchMembers,
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
  setRiderBasis,
  unassignOrder,
  unitsSold,
  type BoardTime,
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
export { itemsByPayer, memberOrderView, placeGroupOrder } from './group-orders.js';
export { quoteFrom, readForQuotes } from './quote.js';
export { paidLinesForExport, paidOrdersForExport } from './export-rows.js';
export { orderFigures, type FigureLinks, type FigureRange } from './insight-figures.js';
