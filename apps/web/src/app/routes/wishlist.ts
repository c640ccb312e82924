export { WishlistPage } from '../../features/catalogue';
