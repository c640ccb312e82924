export { ProductDetailPage } from '../../features/catalogue';
