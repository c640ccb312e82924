export { SellerPage } from './components/seller-page';
