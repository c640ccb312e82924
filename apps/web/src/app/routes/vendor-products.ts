export { FoodVendorPage, ShopPage } from '../../features/catalogue';
