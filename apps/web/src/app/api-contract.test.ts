/**
 * The web sends what the server validates: every body and query is typed by the shared zod schema
 * the server's route is declared with. The type assertions below fail `tsc -p apps/web` (and this
 * file under vitest) the day a fetcher takes its own idea of a request again. They read the types
 * off what the screens call (a mutation hook's variables, a query hook's arguments), and the
 * queries run through those hooks, so the fetchers behind them stay private to their files.
 */
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AdminOrdersQuery,
  AdminRefundsQuery,
  NearbyPlacesQuery,
  OrderListQuery,
  ProductListQuery,
  SlotsQuery,
  UsersQuery,
  type AddressInput,
  type ApplicationParams,
  type BannerInput,
  type CategoryInput,
  type ChangePasswordInput,
  type CheckoutInput,
  type DeclineInput,
  type DeliverInput,
  type DeliveryFeeInput,
  type DisputeOpenFields,
  type DisputeSettleInput,
  type DispatchFeeInput,
  type DispatchRequestInput,
  type JobParams,
  type LoginInput,
  type MessageAnswer,
  type NewsletterInput,
  type PayoutInput,
  type PreparationTimeInput,
  type ProductInput,
  type PromotionBarInput,
  type PromotionInput,
  type QuoteInput,
  type RatingInput,
  type RefundInput,
  type RegisterInput,
  type RejectInput,
  type RequestBody,
  type ResetPasswordInput,
  type RiderApplicationInput,
  type RoleChangeInput,
  type StockInput,
  type VendorApplicationInput,
} from '@jara/shared';
import { api } from '../lib/api-client';
import type { useRateRider } from '../delivery/api/rate-rider';
import { nearbyPlaces } from '../features/addresses/api/nearby-places';
import type { useSaveAddress } from '../features/addresses/api/save-address';
import type { useSaveBanner } from '../features/admin/api/banners';
import type { useSaveCategory } from '../features/admin/api/categories';
import type { useBarPromotionUser, useSaveAdminPromotion } from '../features/admin/api/promotions';
import type { useChangeRole } from '../features/admin/api/change-role';
import { useAdminDispatches } from '../features/admin/api/get-dispatches';
import { useAdminOrders } from '../features/admin/api/get-orders';
import { useAdminRefunds } from '../features/admin/api/get-refunds';
import { useUsers } from '../features/admin/api/get-users';
import type { useRefundOrder } from '../features/admin/api/refund-order';
import type { useReviewApplication } from '../features/admin/api/review-application';
import type { changePassword, login, register, resetPassword } from '../features/auth/api/auth-calls';
import { useProductSearch } from '../features/catalogue/api/search-products';
import type { useDeliveryFee } from '../features/checkout/api/get-delivery-fee';
import type { useQuote } from '../features/checkout/api/get-quote';
import { useDeliverySlots } from '../features/checkout/api/get-slots';
import { startPayment } from '../features/checkout/api/start-payment';
import type { useDeliveryFee as useDispatchFee } from '../features/dispatch/api/get-delivery-fee';
import type { useRequestDispatch } from '../features/dispatch/api/request-dispatch';
import { useMyOrders } from '../features/orders/api/get-my-orders';
import type { useApplyRider } from '../features/rider/api/apply-rider';
import type { useRequestRiderPayout } from '../features/rider/api/get-rider-earnings';
import type { useDeliverJob } from '../features/rider/api/job-actions';
import type { useApplyVendor } from '../features/seller/api/apply-vendor';
import type { useDeclineOrder } from '../features/seller/api/decline-order';
import type { useRequestSellerPayout } from '../features/seller/api/request-payout';
import type { useSaveProduct } from '../features/seller/api/save-product';
import type { useSaveSellerPromotion } from '../features/seller/api/promotions';
import type { useSetPreparationMinutes } from '../features/seller/api/set-preparation';
import type { useSetStock } from '../features/seller/api/set-stock';
import type { useSettleDispute } from '../features/support/api/order-thread';
import type { useOpenDispute } from '../features/threads/api/disputes';

type Input<F extends (...args: never[]) => unknown> = Parameters<F>[0];
/** What a screen hands a mutation hook's `mutate`: the request body, with the ids its path takes. */
type Sent<Hook extends () => { mutate: (...args: never[]) => unknown }> = Input<ReturnType<Hook>['mutate']>;

describe('request bodies: one schema for the server and the web', () => {
  it('each call the screens make takes exactly what its route accepts', () => {
    expectTypeOf<Input<typeof startPayment>>().toEqualTypeOf<RequestBody<typeof CheckoutInput>>();
    expectTypeOf<Input<typeof useDeliveryFee>>().toEqualTypeOf<RequestBody<typeof DeliveryFeeInput> | null>();
    expectTypeOf<Input<typeof useDispatchFee>>().toEqualTypeOf<RequestBody<typeof DispatchFeeInput> | null>();
    expectTypeOf<Sent<typeof useRequestDispatch>>().toEqualTypeOf<RequestBody<typeof DispatchRequestInput>>();
    expectTypeOf<Sent<typeof useSaveAddress>>().toEqualTypeOf<{
      id?: string;
      input: RequestBody<typeof AddressInput>;
    }>();
    expectTypeOf<Sent<typeof useSaveBanner>['body']>().toEqualTypeOf<RequestBody<typeof BannerInput>>();
    expectTypeOf<Sent<typeof useSaveCategory>>().toEqualTypeOf<RequestBody<typeof CategoryInput>>();
    expectTypeOf<Omit<Sent<typeof useChangeRole>, 'userId'>>().toEqualTypeOf<RequestBody<typeof RoleChangeInput>>();
    expectTypeOf<Omit<Sent<typeof useRefundOrder>, 'orderId'>>().toEqualTypeOf<RequestBody<typeof RefundInput>>();
    expectTypeOf<Sent<typeof useReviewApplication>>().toEqualTypeOf<
      ApplicationParams & ({ approve: true } | ({ approve: false } & RequestBody<typeof RejectInput>))
    >();
    expectTypeOf<Input<typeof login>>().toEqualTypeOf<RequestBody<typeof LoginInput>>();
    expectTypeOf<Input<typeof register>>().toEqualTypeOf<RequestBody<typeof RegisterInput>>();
    expectTypeOf<Input<typeof resetPassword>>().toEqualTypeOf<RequestBody<typeof ResetPasswordInput>>();
    expectTypeOf<Input<typeof changePassword>>().toEqualTypeOf<RequestBody<typeof ChangePasswordInput>>();
    expectTypeOf<Sent<typeof useRateRider>>().toEqualTypeOf<RequestBody<typeof RatingInput>>();
    expectTypeOf<Sent<typeof useApplyRider>>().toEqualTypeOf<RequestBody<typeof RiderApplicationInput>>();
    expectTypeOf<Sent<typeof useApplyVendor>>().toEqualTypeOf<RequestBody<typeof VendorApplicationInput>>();
    expectTypeOf<Sent<typeof useRequestRiderPayout>>().toEqualTypeOf<RequestBody<typeof PayoutInput>>();
    expectTypeOf<Sent<typeof useRequestSellerPayout>>().toEqualTypeOf<RequestBody<typeof PayoutInput>>();
    expectTypeOf<Sent<typeof useSaveProduct>['body']>().toEqualTypeOf<RequestBody<typeof ProductInput>>();
    expectTypeOf<Input<typeof useQuote>>().toEqualTypeOf<RequestBody<typeof QuoteInput> | null>();
    expectTypeOf<Sent<typeof useSaveSellerPromotion>['body']>().toEqualTypeOf<RequestBody<typeof PromotionInput>>();
    expectTypeOf<Sent<typeof useSaveAdminPromotion>['body']>().toEqualTypeOf<RequestBody<typeof PromotionInput>>();
    expectTypeOf<Omit<Sent<typeof useBarPromotionUser>, 'userId'>>().toEqualTypeOf<
      RequestBody<typeof PromotionBarInput>
    >();
    expectTypeOf<Omit<Sent<typeof useSetStock>, 'id'>>().toEqualTypeOf<RequestBody<typeof StockInput>>();
    expectTypeOf<Sent<typeof useSetPreparationMinutes>>().toEqualTypeOf<RequestBody<typeof PreparationTimeInput>>();
    expectTypeOf<Omit<Sent<typeof useDeclineOrder>, 'orderId'>>().toEqualTypeOf<RequestBody<typeof DeclineInput>>();
    expectTypeOf<Omit<Sent<typeof useDeliverJob>, keyof JobParams>>().toEqualTypeOf<RequestBody<typeof DeliverInput>>();
    expectTypeOf<Sent<typeof useSettleDispute>['input']>().toEqualTypeOf<RequestBody<typeof DisputeSettleInput>>();
    // Multipart: the fields as the server reads them (the photo goes beside them, as `attachment`).
    expectTypeOf<Sent<typeof useOpenDispute>['fields']>().toEqualTypeOf<DisputeOpenFields>();
  });

  it('refuses a body its schema refuses, and a body or query that names no schema', () => {
    // Never called: these lines are checked by the compiler only.
    const refused = () => {
      // @ts-expect-error the total is naira, a number
      void startPayment({ items: [{ product: 'p', quantity: 1 }], address: 'a', amount: '1500' });
      // @ts-expect-error a strict schema refuses a field it does not know
      void api.post<MessageAnswer, typeof NewsletterInput>('/api/newsletter/subscribe', { email: 'a@b.ng', x: 1 });
      // @ts-expect-error a JSON body names the schema the server checks it with
      void api.post<MessageAnswer>('/api/newsletter/subscribe', { email: 'a@b.ng' });
      // @ts-expect-error so does a body sent with no type arguments at all
      void api.post('/api/newsletter/subscribe', { email: 'a@b.ng' });
      // @ts-expect-error and a query
      void api.get<MessageAnswer>('/api/product/list', { query: { q: 'rice' } });
      // @ts-expect-error a query's values are what the handler reads: a number, not its text
      void api.get<MessageAnswer, typeof OrderListQuery>('/api/order/user', { query: { page: '2' } });
    };
    expect(refused).toBeTypeOf('function');
  });
});

/**
 * Answers every list request with an empty list (a page of My Orders says more follow) and keeps
 * the URLs asked for.
 */
function recordRequests(): URL[] {
  const asked: URL[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url);
    const page = Number(url.searchParams.get('page') ?? 1);
    const empty = { success: true, products: [], orders: [], dispatches: [], users: [], data: [], page, hasMore: true };
    return new Response(JSON.stringify(empty), { status: 200 });
  }) as typeof fetch;
  return asked;
}

const sentQuery = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

/** Mounts a data hook the way a screen does and waits until it has its answer. */
async function mount<R extends { isSuccess: boolean }>(useData: () => R) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
  const hook = renderHook(useData, { wrapper });
  await waitFor(() => expect(hook.result.current.isSuccess).toBe(true));
  return hook;
}

describe('queries: sent as text the route parses back to what the web meant', () => {
  it('a product search with every filter', async () => {
    const asked = recordRequests();
    const search: ProductListQuery = {
      q: 'jollof rice',
      category: 'food',
      minPrice: 500,
      maxPrice: 2500.5,
      open: true,
      inStock: true,
      sort: 'price-asc',
      limit: 20,
    };
    await mount(() => useProductSearch(search));
    expect(asked[0]?.pathname).toBe('/api/product/list');
    expect(ProductListQuery.parse(sentQuery(asked[0]))).toEqual(search);
  });

  it('leaves out what is unset, empty or an off flag, which the route reads as no filter', async () => {
    const asked = recordRequests();
    await mount(() => useProductSearch({ open: false, inStock: false }));
    await mount(() => useAdminOrders({ status: 'paid', q: '', from: '2025-03-01', to: '' }));
    await mount(() => useAdminDispatches({ q: 'ugbowo' }));
    await mount(() => useUsers('', ''));
    expect(asked.map((u) => u.pathname + u.search)).toEqual([
      '/api/product/list',
      '/api/admin/orders?status=paid&from=2025-03-01',
      '/api/admin/dispatches?q=ugbowo',
      '/api/admin/users',
    ]);
    expect(AdminOrdersQuery.parse(sentQuery(asked[1]))).toEqual({ status: 'paid', from: '2025-03-01' });
    expect(UsersQuery.parse(sentQuery(asked[3]))).toEqual({});
  });

  it("the refund queue's filters, as the admin panel holds them", async () => {
    const asked = recordRequests();
    await mount(() =>
      useAdminRefunds({ state: 'failed', source: 'dispute', from: '2025-03-01', to: '', q: ' #aaaa ' }),
    );
    await mount(() => useAdminRefunds({ state: '', source: '', from: '', to: '', q: '' }));
    expect(asked.map((u) => u.pathname + u.search)).toEqual([
      '/api/admin/refunds?state=failed&source=dispute&from=2025-03-01&q=%23aaaa&limit=25',
      '/api/admin/refunds?limit=25',
    ]);
    expect(AdminRefundsQuery.parse(sentQuery(asked[0]))).toEqual({
      state: 'failed',
      source: 'dispute',
      from: '2025-03-01',
      q: '#aaaa',
      limit: 25,
    });
  });

  it("the cart's shops, in one order whatever the cart's, as the slot list reads them", async () => {
    const asked = recordRequests();
    const [a, b] = ['bbbbbbbb-0000-4000-8000-000000000000', 'aaaaaaaa-0000-4000-8000-000000000000'];
    await mount(() => useDeliverySlots([a, b], true));
    expect(asked.map((u) => u.pathname)).toEqual(['/api/order/slots']);
    expect(SlotsQuery.parse(sentQuery(asked[0]))).toEqual({ vendorIds: [b, a] });
  });

  it('numbers come back as the same numbers', async () => {
    const asked = recordRequests();
    const orders = await mount(() => useMyOrders(true));
    await act(() => orders.result.current.fetchNextPage());
    await act(() => orders.result.current.fetchNextPage());
    await nearbyPlaces(6.3985, 5.6037);
    expect(asked.slice(0, 3).map((u) => OrderListQuery.parse(sentQuery(u)))).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
      { page: 3, limit: 10 },
    ]);
    expect(NearbyPlacesQuery.parse(sentQuery(asked[3]))).toEqual({ lat: 6.3985, lon: 5.6037 });
  });
});
