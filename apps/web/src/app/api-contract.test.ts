/**
 * The web sends what the server validates: every body and query is typed by the shared zod schema
 * the server's route is declared with. The type assertions below fail `tsc -p apps/web` (and this
 * file under vitest) the day a fetcher takes its own idea of a request again.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  AdminOrdersQuery,
  NearbyPlacesQuery,
  OrderListQuery,
  ProductListQuery,
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
  type DispatchFeeInput,
  type DispatchRequestInput,
  type JobParams,
  type LoginInput,
  type MessageAnswer,
  type NewsletterInput,
  type PayoutInput,
  type ProductInput,
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
import type { rateRider } from '../delivery/api/rate-rider';
import { nearbyPlaces } from '../features/addresses/api/nearby-places';
import type { addAddress } from '../features/addresses/api/save-address';
import type { saveBanner } from '../features/admin/api/banners';
import type { saveCategory } from '../features/admin/api/categories';
import type { changeRole } from '../features/admin/api/change-role';
import { getAdminDispatches } from '../features/admin/api/get-dispatches';
import { getAdminOrders } from '../features/admin/api/get-orders';
import { getUsers } from '../features/admin/api/get-users';
import type { refundOrder } from '../features/admin/api/refund-order';
import type { reviewApplication } from '../features/admin/api/review-application';
import type { changePassword, login, register, resetPassword } from '../features/auth/api/auth-calls';
import { productSearchQuery } from '../features/catalogue/api/search-products';
import type { getDeliveryFee } from '../features/checkout/api/get-delivery-fee';
import { startPayment } from '../features/checkout/api/start-payment';
import type { deliveryFeeQuery as dispatchFeeQuery } from '../features/dispatch/api/get-delivery-fee';
import type { requestDispatch } from '../features/dispatch/api/request-dispatch';
import { getMyOrders } from '../features/orders/api/get-my-orders';
import type { applyRider } from '../features/rider/api/apply-rider';
import type { requestRiderPayout } from '../features/rider/api/get-rider-earnings';
import type { deliverJob } from '../features/rider/api/job-actions';
import type { applyVendor } from '../features/seller/api/apply-vendor';
import type { declineOrder } from '../features/seller/api/decline-order';
import type { requestSellerPayout } from '../features/seller/api/request-payout';
import type { saveProduct } from '../features/seller/api/save-product';
import type { setStock } from '../features/seller/api/set-stock';

type Input<F extends (...args: never[]) => unknown> = Parameters<F>[0];

describe('request bodies: one schema for the server and the web', () => {
  it('each fetcher takes exactly what its route accepts', () => {
    expectTypeOf<Input<typeof startPayment>>().toEqualTypeOf<RequestBody<typeof CheckoutInput>>();
    expectTypeOf<Input<typeof getDeliveryFee>>().toEqualTypeOf<RequestBody<typeof DeliveryFeeInput>>();
    expectTypeOf<Input<typeof dispatchFeeQuery>>().toEqualTypeOf<RequestBody<typeof DispatchFeeInput> | null>();
    expectTypeOf<Input<typeof requestDispatch>>().toEqualTypeOf<RequestBody<typeof DispatchRequestInput>>();
    expectTypeOf<Input<typeof addAddress>>().toEqualTypeOf<RequestBody<typeof AddressInput>>();
    expectTypeOf<Input<typeof saveBanner>['body']>().toEqualTypeOf<RequestBody<typeof BannerInput>>();
    expectTypeOf<Input<typeof saveCategory>>().toEqualTypeOf<RequestBody<typeof CategoryInput>>();
    expectTypeOf<Omit<Input<typeof changeRole>, 'userId'>>().toEqualTypeOf<RequestBody<typeof RoleChangeInput>>();
    expectTypeOf<Omit<Input<typeof refundOrder>, 'orderId'>>().toEqualTypeOf<RequestBody<typeof RefundInput>>();
    expectTypeOf<Input<typeof reviewApplication>>().toEqualTypeOf<
      ApplicationParams & ({ approve: true } | ({ approve: false } & RequestBody<typeof RejectInput>))
    >();
    expectTypeOf<Input<typeof login>>().toEqualTypeOf<RequestBody<typeof LoginInput>>();
    expectTypeOf<Input<typeof register>>().toEqualTypeOf<RequestBody<typeof RegisterInput>>();
    expectTypeOf<Input<typeof resetPassword>>().toEqualTypeOf<RequestBody<typeof ResetPasswordInput>>();
    expectTypeOf<Input<typeof changePassword>>().toEqualTypeOf<RequestBody<typeof ChangePasswordInput>>();
    expectTypeOf<Input<typeof rateRider>>().toEqualTypeOf<RequestBody<typeof RatingInput>>();
    expectTypeOf<Input<typeof applyRider>>().toEqualTypeOf<RequestBody<typeof RiderApplicationInput>>();
    expectTypeOf<Input<typeof applyVendor>>().toEqualTypeOf<RequestBody<typeof VendorApplicationInput>>();
    expectTypeOf<Input<typeof requestRiderPayout>>().toEqualTypeOf<RequestBody<typeof PayoutInput>>();
    expectTypeOf<Input<typeof requestSellerPayout>>().toEqualTypeOf<RequestBody<typeof PayoutInput>>();
    expectTypeOf<Input<typeof saveProduct>['body']>().toEqualTypeOf<RequestBody<typeof ProductInput>>();
    expectTypeOf<Omit<Input<typeof setStock>, 'id'>>().toEqualTypeOf<RequestBody<typeof StockInput>>();
    expectTypeOf<Omit<Input<typeof declineOrder>, 'orderId'>>().toEqualTypeOf<RequestBody<typeof DeclineInput>>();
    expectTypeOf<Omit<Input<typeof deliverJob>, keyof JobParams>>().toEqualTypeOf<RequestBody<typeof DeliverInput>>();
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

/** Answers every list request with an empty list and keeps the URLs asked for. */
function recordRequests(): URL[] {
  const asked: URL[] = [];
  const empty = { success: true, products: [], orders: [], dispatches: [], users: [], data: [] };
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    asked.push(new URL(String(input), 'http://localhost'));
    return new Response(JSON.stringify(empty), { status: 200 });
  }) as typeof fetch;
  return asked;
}

const sentQuery = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

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
    await new QueryClient().fetchQuery(productSearchQuery(search));
    expect(asked[0]?.pathname).toBe('/api/product/list');
    expect(ProductListQuery.parse(sentQuery(asked[0]))).toEqual(search);
  });

  it('leaves out what is unset, empty or an off flag, which the route reads as no filter', async () => {
    const asked = recordRequests();
    await new QueryClient().fetchQuery(productSearchQuery({ open: false, inStock: false }));
    await getAdminOrders({ status: 'paid', q: '', from: '2025-03-01', to: '' });
    await getAdminDispatches({ q: 'ugbowo' });
    await getUsers('', '');
    expect(asked.map((u) => u.pathname + u.search)).toEqual([
      '/api/product/list',
      '/api/admin/orders?status=paid&from=2025-03-01',
      '/api/admin/dispatches?q=ugbowo',
      '/api/admin/users',
    ]);
    expect(AdminOrdersQuery.parse(sentQuery(asked[1]))).toEqual({ status: 'paid', from: '2025-03-01' });
    expect(UsersQuery.parse(sentQuery(asked[3]))).toEqual({});
  });

  it('numbers come back as the same numbers', async () => {
    const asked = recordRequests();
    await getMyOrders(3);
    await nearbyPlaces(6.3985, 5.6037);
    expect(OrderListQuery.parse(sentQuery(asked[0]))).toEqual({ page: 3, limit: 10 });
    expect(NearbyPlacesQuery.parse(sentQuery(asked[1]))).toEqual({ lat: 6.3985, lon: 5.6037 });
  });
});
