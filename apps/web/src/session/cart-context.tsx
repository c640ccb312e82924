import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { cartCount } from '@jara/shared';
import { toast } from '../lib/toast';
import { t } from '../i18n';
import type { CartState, CartStore } from './cart-store';

const CartContext = createContext<CartStore | null>(null);

export function CartProvider({ store, children }: { store: CartStore; children: ReactNode }) {
  return <CartContext.Provider value={store}>{children}</CartContext.Provider>;
}

export function useCartStore(): CartStore {
  const store = useContext(CartContext);
  if (!store) throw new Error('useCartStore must be used inside <CartProvider>');
  return store;
}

/** What the server renders and hydration starts from: the lists live in the browser only. */
const SERVER_STATE: CartState = { cartItems: {}, wishList: [], userId: null };
const serverSnapshot = () => SERVER_STATE;

export function useCartState(): CartState {
  const store = useCartStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, serverSnapshot);
}

export function useCartCount(): number {
  return cartCount(useCartState().cartItems);
}

export function useIsWished(productId: string): boolean {
  return useCartState().wishList.includes(productId);
}

/** Cart and wish-list actions with the spec's toasts. */
export function useCartActions() {
  const store = useCartStore();
  return {
    addToCart(productId: string, optionId: string, qty = 1) {
      store.add(productId, optionId, qty);
      toast.success(t('common', 'msg.addedToCart'));
    },
    updateQuantity(productId: string, optionId: string, qty: number) {
      store.setQuantity(productId, optionId, qty);
      toast.success(t('common', 'msg.cartUpdated'));
    },
    removeFromCart(productId: string, optionId: string) {
      store.remove(productId, optionId);
      toast.success(t('common', 'msg.removedFromCart'));
    },
    toggleWish(productId: string) {
      const added = store.toggleWish(productId);
      toast.success(t('common', added ? 'msg.addedToWishList' : 'msg.removedFromWishList'));
    },
  };
}
