import { mergeCarts, mergeWishLists, type CartItems, MSG } from '@jara/shared';
import { readJson, removeKey, writeJson } from '../../../lib/storage';

export const GUEST_CART_KEY = 'jara.cart';
export const GUEST_WISHLIST_KEY = 'jara.wishlist';

export interface CartState {
  cartItems: CartItems;
  wishList: string[];
  /** The signed-in account the state belongs to; null for a guest (kept in localStorage). */
  userId: string | null;
}

export interface CartSyncApi {
  pushCart(cartItems: CartItems): Promise<{ cartItems?: CartItems }>;
  pushWishList(wishList: string[]): Promise<{ wishList?: string[] }>;
}

export interface AccountLists {
  _id: string;
  cartItems: CartItems;
  wishList: string[];
}

type Kind = 'cart' | 'wish';

/**
 * The single cart and wish-list store. Guests keep both in localStorage; a signed-in user's every
 * change is pushed to the server (latest state wins, one request in flight per list).
 */
export class CartStore {
  private state: CartState;
  private readonly listeners = new Set<() => void>();
  private readonly version: Record<Kind, number> = { cart: 0, wish: 0 };
  private readonly inFlight: Record<Kind, boolean> = { cart: false, wish: false };
  private readonly dirty: Record<Kind, boolean> = { cart: false, wish: false };

  constructor(
    private readonly api: CartSyncApi,
    private readonly onSyncError: (message: string) => void = () => {},
  ) {
    this.state = CartStore.readGuest();
  }

  static readGuest(): CartState {
    const cartItems = readJson<CartItems>(GUEST_CART_KEY, {});
    const wishList = readJson<string[]>(GUEST_WISHLIST_KEY, []);
    return {
      cartItems: cartItems && typeof cartItems === 'object' && !Array.isArray(cartItems) ? cartItems : {},
      wishList: Array.isArray(wishList) ? wishList.filter((x) => typeof x === 'string') : [],
      userId: null,
    };
  }

  getSnapshot = (): CartState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: CartState, changed: Kind[]): void {
    this.state = next;
    for (const k of changed) this.version[k]++;
    if (next.userId === null) {
      writeJson(GUEST_CART_KEY, next.cartItems);
      writeJson(GUEST_WISHLIST_KEY, next.wishList);
    } else {
      for (const k of changed) this.schedulePush(k);
    }
    this.listeners.forEach((l) => l());
  }

  /** After login/register (or a page load with a session): merge the guest lists into the account's. */
  adoptUser(user: AccountLists): void {
    if (this.state.userId === user._id) return;
    const guest = this.state.userId === null ? this.state : { cartItems: {}, wishList: [] };
    const cartItems = mergeCarts(user.cartItems ?? {}, guest.cartItems);
    const wishList = mergeWishLists(user.wishList ?? [], guest.wishList);
    removeKey(GUEST_CART_KEY);
    removeKey(GUEST_WISHLIST_KEY);
    const changed: Kind[] = [];
    if (Object.keys(guest.cartItems).length > 0) changed.push('cart');
    if (wishList.length !== (user.wishList ?? []).length) changed.push('wish');
    this.set({ cartItems, wishList, userId: user._id }, changed);
  }

  /** After logout: the account's lists stay on the server, the guest starts empty. */
  signOut(): void {
    if (this.state.userId === null) return;
    this.set({ cartItems: {}, wishList: [], userId: null }, ['cart', 'wish']);
  }

  quantity(productId: string, optionId: string): number {
    return this.state.cartItems[productId]?.[optionId] ?? 0;
  }

  add(productId: string, optionId: string, qty = 1): void {
    this.setQuantity(productId, optionId, this.quantity(productId, optionId) + qty);
  }

  setQuantity(productId: string, optionId: string, qty: number): void {
    if (qty <= 0) return this.remove(productId, optionId);
    const options = { ...(this.state.cartItems[productId] ?? {}), [optionId]: Math.min(99, Math.floor(qty)) };
    this.set({ ...this.state, cartItems: { ...this.state.cartItems, [productId]: options } }, ['cart']);
  }

  remove(productId: string, optionId: string): void {
    const current = this.state.cartItems[productId];
    if (!current || !(optionId in current)) return;
    const { [optionId]: _removed, ...rest } = current;
    const cartItems = { ...this.state.cartItems };
    if (Object.keys(rest).length) cartItems[productId] = rest;
    else delete cartItems[productId];
    this.set({ ...this.state, cartItems }, ['cart']);
  }

  /** Adds or removes a product; returns true when it is now in the wish list. */
  toggleWish(productId: string): boolean {
    const has = this.state.wishList.includes(productId);
    const wishList = has ? this.state.wishList.filter((id) => id !== productId) : [...this.state.wishList, productId];
    this.set({ ...this.state, wishList }, ['wish']);
    return !has;
  }

  /** Resolves when no push is in flight or waiting (used by tests and before navigating away). */
  async flush(): Promise<void> {
    while (this.inFlight.cart || this.inFlight.wish || this.dirty.cart || this.dirty.wish) {
      await new Promise((r) => setTimeout(r, 0));
    }
  }

  private schedulePush(kind: Kind): void {
    this.dirty[kind] = true;
    if (!this.inFlight[kind]) void this.push(kind);
  }

  private async push(kind: Kind): Promise<void> {
    this.inFlight[kind] = true;
    try {
      while (this.dirty[kind] && this.state.userId !== null) {
        this.dirty[kind] = false;
        const sentVersion = this.version[kind];
        const userId = this.state.userId;
        try {
          if (kind === 'cart') {
            const res = await this.api.pushCart(this.state.cartItems);
            // The server keeps only products and options that still exist; adopt what it stored
            // unless the user changed the cart meanwhile.
            if (res.cartItems && this.version.cart === sentVersion && this.state.userId === userId) {
              this.state = { ...this.state, cartItems: res.cartItems };
              this.listeners.forEach((l) => l());
            }
          } else {
            const res = await this.api.pushWishList(this.state.wishList);
            if (res.wishList && this.version.wish === sentVersion && this.state.userId === userId) {
              this.state = { ...this.state, wishList: res.wishList };
              this.listeners.forEach((l) => l());
            }
          }
        } catch (err) {
          this.onSyncError(err instanceof Error ? err.message : MSG.somethingWrong);
        }
      }
    } finally {
      this.inFlight[kind] = false;
      this.dirty[kind] = false;
    }
  }
}
