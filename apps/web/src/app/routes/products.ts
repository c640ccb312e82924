export { ProductsPage } from '../../features/catalogue';
