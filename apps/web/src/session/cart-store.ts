import { mergeCarts, mergeWishLists, type CartItems } from '@jara/shared';
import { readJson, removeKey, writeJson } from '../lib/storage';
import { t } from '../i18n';

const GUEST_CART_KEY = 'jara.cart';
const GUEST_WISHLIST_KEY = 'jara.wishlist';
/**
 * A signed-in user's changes the server has not confirmed yet (made offline, or the page closed
 * while sending), with the account they belong to: sent when the connection is back or at the
 * next sign-in of that account, dropped at logout or when another account signs in.
 */
const PENDING_KEY = 'jara.cart.pending';

interface Pending {
  userId: string;
  cartItems?: CartItems;
  wishList?: string[];
}

function readPending(): Pending | null {
  const p = readJson<Pending | null>(PENDING_KEY, null);
  return p && typeof p === 'object' && typeof p.userId === 'string' ? p : null;
}

const isNetworkError = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'network_error';

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
  /** The offline notice is shown once until a send succeeds again. */
  private offlineNoticed = false;

  constructor(
    private readonly api: CartSyncApi,
    private readonly onSyncError: (message: string) => void = () => {},
  ) {
    this.state = CartStore.readGuest();
    if (typeof window !== 'undefined') window.addEventListener('online', () => this.sendPending());
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
      if (changed.length) this.keepPending(next.userId, changed);
      for (const k of changed) this.schedulePush(k);
    }
    this.listeners.forEach((l) => l());
  }

  private keepPending(userId: string, kinds: Kind[]): void {
    const old = readPending();
    const p: Pending = old?.userId === userId ? old : { userId };
    if (kinds.includes('cart')) p.cartItems = this.state.cartItems;
    if (kinds.includes('wish')) p.wishList = this.state.wishList;
    writeJson(PENDING_KEY, p);
  }

  private confirmed(kind: Kind, userId: string): void {
    const p = readPending();
    if (!p || p.userId !== userId) return;
    if (kind === 'cart') delete p.cartItems;
    else delete p.wishList;
    if (p.cartItems === undefined && p.wishList === undefined) removeKey(PENDING_KEY);
    else writeJson(PENDING_KEY, p);
  }

  /** Sends what the server has not confirmed yet (the connection is back). */
  sendPending(): void {
    const p = readPending();
    if (!p || p.userId !== this.state.userId) return;
    if (p.cartItems !== undefined) this.schedulePush('cart');
    if (p.wishList !== undefined) this.schedulePush('wish');
  }

  /**
   * After login/register (or a page load with a session): merge the guest lists into the
   * account's. Changes of this account the server has not confirmed are newer than its answer
   * and take its place; another account's are dropped.
   */
  adoptUser(user: AccountLists): void {
    if (this.state.userId === user._id) return;
    const guest = this.state.userId === null ? this.state : { cartItems: {}, wishList: [] };
    const pending = readPending();
    if (pending && pending.userId !== user._id) removeKey(PENDING_KEY);
    const mine = pending?.userId === user._id ? pending : null;
    const accountCart = mine?.cartItems ?? user.cartItems ?? {};
    const accountWish = mine?.wishList ?? user.wishList ?? [];
    const cartItems = mergeCarts(accountCart, guest.cartItems);
    const wishList = mergeWishLists(accountWish, guest.wishList);
    removeKey(GUEST_CART_KEY);
    removeKey(GUEST_WISHLIST_KEY);
    const changed: Kind[] = [];
    if (Object.keys(guest.cartItems).length > 0 || mine?.cartItems !== undefined) changed.push('cart');
    if (wishList.length !== (user.wishList ?? []).length || mine?.wishList !== undefined) changed.push('wish');
    this.set({ cartItems, wishList, userId: user._id }, changed);
  }

  /** After logout: the account's lists stay on the server, the guest starts empty. */
  signOut(): void {
    removeKey(PENDING_KEY);
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
            if (this.version.cart === sentVersion) this.confirmed('cart', userId);
            // The server keeps only products and options that still exist; adopt what it stored
            // unless the user changed the cart meanwhile.
            if (res.cartItems && this.version.cart === sentVersion && this.state.userId === userId) {
              this.state = { ...this.state, cartItems: res.cartItems };
              this.listeners.forEach((l) => l());
            }
          } else {
            const res = await this.api.pushWishList(this.state.wishList);
            if (this.version.wish === sentVersion) this.confirmed('wish', userId);
            if (res.wishList && this.version.wish === sentVersion && this.state.userId === userId) {
              this.state = { ...this.state, wishList: res.wishList };
              this.listeners.forEach((l) => l());
            }
          }
          this.offlineNoticed = false;
        } catch (err) {
          // Offline: the change stays pending (localStorage) and goes when the connection is back.
          if (isNetworkError(err)) {
            if (!this.offlineNoticed) this.onSyncError(t('common', 'common.cartOffline'));
            this.offlineNoticed = true;
          } else {
            // Refused (not lost): nothing to send again, unless the user changed it since.
            if (this.version[kind] === sentVersion) this.confirmed(kind, userId);
            this.onSyncError(err instanceof Error ? err.message : t('common', 'msg.somethingWrong'));
          }
        }
      }
    } finally {
      this.inFlight[kind] = false;
      this.dirty[kind] = false;
    }
  }
}
