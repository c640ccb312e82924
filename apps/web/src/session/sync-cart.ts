import type { CartAnswer, CartItems, CartUpdateInput, WishListAnswer, WishListUpdateInput } from '@jara/shared';
import { api } from '../lib/api-client';
import type { CartSyncApi } from './cart-store';

const updateCart = (cartItems: CartItems) =>
  api.post<CartAnswer, typeof CartUpdateInput>('/api/cart/update', { cartItems });

const updateWishList = (wishList: string[]) =>
  api.post<WishListAnswer, typeof WishListUpdateInput>('/api/user/wishListUpdate', { wishList });

export const cartSyncApi: CartSyncApi = { pushCart: updateCart, pushWishList: updateWishList };
