import type { CartItems } from '@jara/shared';
import { api } from '../../../lib/api-client';
import type { CartSyncApi } from '../hooks/cart-store';

export const updateCart = (cartItems: CartItems) =>
  api.post<{ success: true; message: string; cartItems?: CartItems }>('/api/cart/update', { cartItems });

export const updateWishList = (wishList: string[]) =>
  api.post<{ success: true; message: string; wishList?: string[] }>('/api/user/wishListUpdate', { wishList });

export const cartSyncApi: CartSyncApi = { pushCart: updateCart, pushWishList: updateWishList };
