export { SellerPage } from '../../features/seller';
