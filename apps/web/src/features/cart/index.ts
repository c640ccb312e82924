export { CartStore } from './hooks/cart-store';
export {
  CartProvider,
  useCartActions,
  useCartCount,
  useCartState,
  useCartStore,
  useIsWished,
} from './hooks/cart-context';
export { cartSyncApi } from './api/sync-cart';
