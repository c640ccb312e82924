import { describe, expect, it } from 'vitest';
import { CartStore } from './cart-store';
import { ApiError } from '../lib/api-client';
import { fakeSyncApi } from '../test/render';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const O1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const O2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

// What browsers already keep: a renamed key would lose every cart kept under the old one.
const GUEST_CART_KEY = 'jara.cart';
const GUEST_WISHLIST_KEY = 'jara.wishlist';
const PENDING_KEY = 'jara.cart.pending';

describe('CartStore', () => {
  it('keeps a guest cart and wish list in localStorage and never calls the server', () => {
    const api = fakeSyncApi();
    const store = new CartStore(api);
    store.add(P1, O1, 2);
    store.add(P1, O1);
    store.toggleWish(P2);
    expect(store.getSnapshot().cartItems).toEqual({ [P1]: { [O1]: 3 } });
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY)!)).toEqual({ [P1]: { [O1]: 3 } });
    expect(JSON.parse(localStorage.getItem(GUEST_WISHLIST_KEY)!)).toEqual([P2]);
    expect(api.carts).toHaveLength(0);
    // A new page load reads the guest state back.
    expect(new CartStore(api).getSnapshot().cartItems).toEqual({ [P1]: { [O1]: 3 } });
  });

  it('merges the guest lists into the account at login: quantities added, wish list united, pushed once', async () => {
    const api = fakeSyncApi();
    const store = new CartStore(api);
    store.add(P1, O1, 2);
    store.add(P2, O2, 1);
    store.toggleWish(P1);

    store.adoptUser({ _id: 'u1', cartItems: { [P1]: { [O1]: 3 } }, wishList: [P2] });
    await store.flush();

    const merged = { [P1]: { [O1]: 5 }, [P2]: { [O2]: 1 } };
    expect(store.getSnapshot()).toMatchObject({ userId: 'u1', cartItems: merged });
    expect(new Set(store.getSnapshot().wishList)).toEqual(new Set([P1, P2]));
    expect(api.carts).toEqual([merged]);
    expect(api.wishes).toHaveLength(1);
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it('does not push at login when the guest had nothing to merge', async () => {
    const api = fakeSyncApi();
    const store = new CartStore(api);
    store.adoptUser({ _id: 'u1', cartItems: { [P1]: { [O1]: 1 } }, wishList: [P1] });
    await store.flush();
    expect(api.carts).toHaveLength(0);
    expect(api.wishes).toHaveLength(0);
    expect(store.getSnapshot().cartItems).toEqual({ [P1]: { [O1]: 1 } });
  });

  it('syncs every change of a signed-in user and adopts what the server stored', async () => {
    const api = fakeSyncApi();
    api.pushCart = async (cartItems) => {
      api.carts.push(cartItems);
      // The server drops an option that no longer exists.
      const { [P2]: _gone, ...kept } = cartItems;
      return { cartItems: kept };
    };
    const store = new CartStore(api);
    store.adoptUser({ _id: 'u1', cartItems: {}, wishList: [] });
    store.add(P1, O1);
    await store.flush();
    store.add(P2, O2);
    await store.flush();
    expect(api.carts).toHaveLength(2);
    expect(store.getSnapshot().cartItems).toEqual({ [P1]: { [O1]: 1 } });
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it('removes lines, drops empty products and resets to an empty guest on sign-out', async () => {
    const store = new CartStore(fakeSyncApi());
    store.adoptUser({ _id: 'u1', cartItems: { [P1]: { [O1]: 2, [O2]: 1 } }, wishList: [P1] });
    store.remove(P1, O1);
    expect(store.getSnapshot().cartItems).toEqual({ [P1]: { [O2]: 1 } });
    store.setQuantity(P1, O2, 0);
    expect(store.getSnapshot().cartItems).toEqual({});
    await store.flush();
    store.signOut();
    expect(store.getSnapshot()).toEqual({ cartItems: {}, wishList: [], userId: null });
  });

  it('reports a failed sync', async () => {
    const api = fakeSyncApi();
    api.pushWishList = async () => {
      throw new Error('Server unavailable');
    };
    const errors: string[] = [];
    const store = new CartStore(api, (m) => errors.push(m));
    store.adoptUser({ _id: 'u1', cartItems: {}, wishList: [] });
    expect(store.toggleWish(P1)).toBe(true);
    await store.flush();
    expect(errors).toEqual(['Server unavailable']);
    expect(store.toggleWish(P1)).toBe(false);
  });

  describe('offline', () => {
    /** An API whose cart calls fail like fetch does without a connection while `offline` is true. */
    function flakyApi() {
      const api = Object.assign(fakeSyncApi(), { offline: true });
      const push = api.pushCart;
      api.pushCart = async (cartItems) => {
        if (api.offline) throw new ApiError('Network error. Check your connection and try again.', 0, 'network_error');
        return push(cartItems);
      };
      return api;
    }

    it('says it in Pidgin when Pidgin is chosen', async () => {
      const { i18n, loadAreas } = await import('../i18n/i18n');
      await loadAreas(i18n, ['common', 'shared', 'layout'], 'pcm');
      i18n.activate('pcm');
      try {
        const errors: string[] = [];
        const store = new CartStore(flakyApi(), (m) => errors.push(m));
        store.adoptUser({ _id: 'u1', cartItems: {}, wishList: [] });
        store.add(P1, O1);
        await store.flush();
        expect(errors).toEqual(['You no get network. We keep your cart, we go send am when network come back.']);
      } finally {
        i18n.activate('en');
      }
    });

    it('keeps a change made offline, says so once, and sends it when the connection is back', async () => {
      const api = flakyApi();
      const errors: string[] = [];
      const store = new CartStore(api, (m) => errors.push(m));
      store.adoptUser({ _id: 'u1', cartItems: {}, wishList: [] });
      store.add(P1, O1);
      await store.flush();
      store.add(P1, O1);
      await store.flush();
      expect(errors).toEqual(["You're offline. Your cart is kept and will be sent when you're back online."]);
      expect(api.carts).toEqual([]);
      expect(JSON.parse(localStorage.getItem(PENDING_KEY)!)).toEqual({
        userId: 'u1',
        cartItems: { [P1]: { [O1]: 2 } },
      });

      api.offline = false;
      window.dispatchEvent(new Event('online'));
      await store.flush();
      expect(api.carts).toEqual([{ [P1]: { [O1]: 2 } }]);
      expect(localStorage.getItem(PENDING_KEY)).toBeNull();
    });

    it("a new page load of the same account shows the unsent cart instead of the server's, and sends it", async () => {
      const api = flakyApi();
      const first = new CartStore(api);
      first.adoptUser({ _id: 'u1', cartItems: { [P2]: { [O2]: 1 } }, wishList: [] });
      first.add(P1, O1, 3);
      await first.flush();

      api.offline = false;
      const next = new CartStore(api);
      // The session answer (possibly from the cache) still has the old cart.
      next.adoptUser({ _id: 'u1', cartItems: { [P2]: { [O2]: 1 } }, wishList: [] });
      await next.flush();
      const expected = { [P2]: { [O2]: 1 }, [P1]: { [O1]: 3 } };
      expect(next.getSnapshot().cartItems).toEqual(expected);
      expect(api.carts).toEqual([expected]);
      expect(localStorage.getItem(PENDING_KEY)).toBeNull();
    });

    it("never gives one account's unsent cart to another, and logout drops it", async () => {
      const api = flakyApi();
      const store = new CartStore(api);
      store.adoptUser({ _id: 'u1', cartItems: {}, wishList: [] });
      store.add(P1, O1);
      await store.flush();
      api.offline = false;

      const other = new CartStore(api);
      other.adoptUser({ _id: 'u2', cartItems: {}, wishList: [] });
      await other.flush();
      expect(other.getSnapshot().cartItems).toEqual({});
      expect(api.carts).toEqual([]);
      expect(localStorage.getItem(PENDING_KEY)).toBeNull();

      api.offline = true;
      other.add(P2, O2);
      await other.flush();
      expect(localStorage.getItem(PENDING_KEY)).not.toBeNull();
      other.signOut();
      expect(localStorage.getItem(PENDING_KEY)).toBeNull();
    });
  });
});
