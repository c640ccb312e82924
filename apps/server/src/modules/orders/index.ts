/** The orders module's surface: what the app and other modules may use. */
export { ordersModule } from './orders.routes.js';
export {
  adminOrderList,
  cancelOrderItems,
  lockOrderForVendor,
  optionsInOrders,
  orderWithItems,
  vendorHasItems,
  vendorOrderLines,
  vendorSales,
} from './portals.service.js';
