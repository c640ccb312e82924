import { useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import toast from 'react-hot-toast';
import { hasRole, WEEKDAYS, type SellerProfileDto } from '@jara/shared';
import { EmptyState } from '../../../components/ui/empty-state';
import { errorMessage } from '../../../lib/api-client';
import { usePayoutUpdates } from '../../../earnings/use-payout-updates';
import { ApprovalGate } from '../../../session/approval-gate';
import { useSession } from '../../../session/session';
import { useSellerMe } from '../api/get-seller-me';
import { useRequestSellerPayout } from '../api/request-payout';
import { sellerEarningsQuery, useSellerEarnings } from '../api/get-seller-earnings';
import { useSetShopOpen } from '../api/set-open';
import { useVendorLive } from '../hooks/use-vendor-live';
import { EarningsView } from '../../../earnings/earnings-view';
import { OrdersPanel } from './orders-panel';
import { ProductFormScreen } from './product-form';
import { ProductsPanel } from './products-panel';
import { Card } from '../../../components/ui/card';
import { StatusPill } from '../../../components/ui/status-pill';
import { SubNav } from '../../../components/ui/sub-nav';
import { Switch } from '../../../components/ui/switch';
import { VendorApplicationForm } from './vendor-application';

function hoursToday(v: SellerProfileDto): string {
  const day = new Date(Date.now() + 3_600_000).getUTCDay();
  const h = v.openingHours[String(day)];
  return h ? `${WEEKDAYS[day]} ${h.open}–${h.close}` : `Closed on ${WEEKDAYS[day]}s`;
}

function ApplicationScreen({ vendor }: { vendor: SellerProfileDto | null }) {
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <h1 className="text-2xl font-bold sm:text-3xl">Sell on Jara</h1>
      {vendor?.status === 'pending' && (
        <Card className="border-l-4 border-amber-400">
          <div className="flex items-center gap-2">
            <StatusPill status="pending" />
            <p className="font-semibold">Your application is being reviewed.</p>
          </div>
          <p className="mt-1 text-sm text-stone-600">
            An admin checks every new shop. We email you as soon as it is approved; you can still correct the details
            below.
          </p>
        </Card>
      )}
      {vendor?.status === 'rejected' && (
        <Card className="border-l-4 border-red-500">
          <div className="flex items-center gap-2">
            <StatusPill status="rejected" />
            <p className="font-semibold">Your application was not approved.</p>
          </div>
          {vendor.rejectionReason && <p className="mt-1 text-sm">Reason: {vendor.rejectionReason}</p>}
          <p className="mt-1 text-sm text-stone-600">Fix the details and send it again.</p>
        </Card>
      )}
      {!vendor && (
        <p className="text-stone-700">
          Open a shop for students and staff around Ugbowo. Tell us about your business; an admin approves it, usually
          within a day.
        </p>
      )}
      <Card>
        <VendorApplicationForm vendor={vendor} />
      </Card>
    </div>
  );
}

function Dashboard({ vendor }: { vendor: SellerProfileDto }) {
  const live = useVendorLive(true);
  usePayoutUpdates(sellerEarningsQuery.queryKey, true);
  const open = useSetShopOpen();
  const location = useLocation();
  const earnings = useSellerEarnings();
  const payout = useRequestSellerPayout();
  const onOrders = location.pathname === '/seller' || location.pathname === '/seller/';
  useEffect(() => {
    if (onOrders) live.clear();
  }, [onOrders, live]);
  return (
    <div>
      <div className="mb-5 flex flex-wrap items-center gap-4">
        <img
          src={`${vendor.profilePhoto}${vendor.profilePhoto.startsWith('/media/') ? '?w=200' : ''}`}
          alt=""
          className="size-14 rounded-full object-cover ring-2 ring-white"
        />
        {/* Room for the name to wrap between words; the switch goes below when there is none. */}
        <div className="min-w-48 flex-1">
          <h1 className="break-words text-2xl font-bold">{vendor.businessName}</h1>
          <p className="text-sm text-stone-600">
            {hoursToday(vendor)} · {vendor.openNow ? 'Open now' : 'Closed now'}
          </p>
        </div>
        <Switch
          checked={vendor.isOpen}
          label={vendor.isOpen ? 'Taking orders' : 'Shop closed'}
          disabled={open.isPending}
          onChange={(v) => open.mutate(v, { onError: (err) => toast.error(errorMessage(err)) })}
        />
      </div>
      <SubNav
        label="Seller sections"
        items={[
          { to: '/seller', label: 'Orders', badge: live.unseen, end: true },
          { to: '/seller/products', label: 'Products' },
          { to: '/seller/earnings', label: 'Earnings' },
          { to: '/seller/shop', label: 'Shop profile' },
        ]}
      />
      <Routes>
        <Route index element={<OrdersPanel />} />
        <Route path="products" element={<ProductsPanel />} />
        <Route path="products/:productId" element={<ProductFormScreen />} />
        <Route
          path="earnings"
          element={
            <EarningsView
              data={earnings.data}
              isPending={earnings.isPending}
              error={earnings.error}
              percentText={`Your items' total less ${earnings.data?.percent ?? 0}% commission, for delivered orders. Payouts are paid the next working day.`}
              onPayout={(account) => payout.mutateAsync(account)}
              paying={payout.isPending}
            />
          }
        />
        <Route
          path="shop"
          element={
            <Card className="max-w-2xl">
              <VendorApplicationForm vendor={vendor} />
            </Card>
          }
        />
        <Route path="*" element={<EmptyState message="This page does not exist." />} />
      </Routes>
    </div>
  );
}

/** /seller: apply, wait for approval, then manage orders, products, earnings and the shop. */
export function SellerPage() {
  const { user } = useSession();
  const me = useSellerMe(!!user);
  return (
    <ApprovalGate
      title="Seller"
      heading="Seller"
      loginMessage="Log in to open your shop or manage it."
      role="vendor"
      application={me}
      approved={(vendor) => <Dashboard vendor={vendor} />}
      apply={(vendor) =>
        user && !hasRole(user, 'customer') && !vendor ? (
          <EmptyState message="Opening a shop needs an account that shops on Jara; this staff account cannot." />
        ) : (
          <ApplicationScreen vendor={vendor} />
        )
      }
    />
  );
}
