export { MyOrdersPage } from '../../features/orders';
