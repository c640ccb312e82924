export { MyOrdersPage } from './components/my-orders-page';
