import { Route, Routes } from 'react-router';
import { toast } from '../../../lib/toast';
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
import { useNewOrderAlert } from '../hooks/use-new-order-alert';
import { useVendorLive } from '../hooks/use-vendor-live';
import { EarningsView } from '../../../earnings/earnings-view';
import { NewOrderBanner } from './new-order-banner';
import { OrdersPanel } from './orders-panel';
import { PreparationTimeForm } from './preparation-time';
import { ProductFormScreen } from './product-form';
import { ProductsPanel } from './products-panel';
import { SalesExport } from './sales-export';
import { PromotionFormScreen, PromotionsPanel } from './promotions-panel';
import { Card } from '../../../components/ui/card';
import { StatusPill } from '../../../components/ui/status-pill';
import { SubNav } from '../../../components/ui/sub-nav';
import { Switch } from '../../../components/ui/switch';
import { VendorApplicationForm } from './vendor-application';
import { VendorInsightsScreen } from '../../../insights/screens';
import { useT, type Translate } from '../../../i18n';

function hoursToday(t: Translate<'seller'>, v: SellerProfileDto): string {
  const day = new Date(Date.now() + 3_600_000).getUTCDay();
  const h = v.openingHours[String(day)];
  return h
    ? t('seller.hours.today', { day: WEEKDAYS[day], open: h.open, close: h.close })
    : t('seller.hours.closedOn', { day: WEEKDAYS[day] });
}

function ApplicationScreen({ vendor }: { vendor: SellerProfileDto | null }) {
  const t = useT('seller');
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('seller.application.heading')}</h1>
      {vendor?.status === 'pending' && (
        <Card className="border-l-4 border-amber-400">
          <div className="flex items-center gap-2">
            <StatusPill status="pending" />
            <p className="font-semibold">{t('seller.application.pending')}</p>
          </div>
          <p className="mt-1 text-sm text-stone-600">{t('seller.application.pendingNote')}</p>
        </Card>
      )}
      {vendor?.status === 'rejected' && (
        <Card className="border-l-4 border-red-500">
          <div className="flex items-center gap-2">
            <StatusPill status="rejected" />
            <p className="font-semibold">{t('seller.application.rejected')}</p>
          </div>
          {vendor.rejectionReason && (
            <p className="mt-1 text-sm">{t('seller.application.reason', { reason: vendor.rejectionReason })}</p>
          )}
          <p className="mt-1 text-sm text-stone-600">{t('seller.application.fix')}</p>
        </Card>
      )}
      {!vendor && <p className="text-stone-700">{t('seller.application.intro')}</p>}
      <Card>
        <VendorApplicationForm vendor={vendor} />
      </Card>
    </div>
  );
}

/** The earnings tab, read again each time it opens: a delivery may have released money since. */
function EarningsScreen() {
  const t = useT('seller');
  const earnings = useSellerEarnings();
  const payout = useRequestSellerPayout();
  return (
    <>
      <SalesExport />
      <EarningsView
        data={earnings.data}
        isPending={earnings.isPending}
        error={earnings.error}
        percentText={t('seller.earnings.note', { percent: earnings.data?.percent ?? 0 })}
        onPayout={(account) => payout.mutateAsync(account)}
        paying={payout.isPending}
      />
    </>
  );
}

function Dashboard({ vendor }: { vendor: SellerProfileDto }) {
  const t = useT('seller');
  useVendorLive(true);
  const newOrders = useNewOrderAlert();
  usePayoutUpdates(sellerEarningsQuery.queryKey, true);
  const open = useSetShopOpen();
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
            {hoursToday(t, vendor)} · {vendor.openNow ? t('seller.openNow') : t('seller.closedNow')}
          </p>
        </div>
        <Switch
          checked={vendor.isOpen}
          label={vendor.isOpen ? t('seller.takingOrders') : t('seller.shopClosed')}
          disabled={open.isPending}
          onChange={(v) => open.mutate(v, { onError: (err) => toast.error(errorMessage(err)) })}
        />
      </div>
      <NewOrderBanner count={newOrders.count} onAcknowledge={newOrders.acknowledge} />
      <SubNav
        label={t('seller.nav.label')}
        items={[
          { to: '/seller', label: t('seller.nav.orders'), badge: newOrders.count, end: true },
          { to: '/seller/products', label: t('seller.nav.products') },
          { to: '/seller/promotions', label: t('seller.nav.promotions') },
          { to: '/seller/earnings', label: t('seller.nav.earnings') },
          { to: '/seller/insights', label: t('seller.nav.insights') },
          { to: '/seller/shop', label: t('seller.nav.shop') },
        ]}
      />
      <Routes>
        <Route index element={<OrdersPanel />} />
        <Route path="products" element={<ProductsPanel />} />
        <Route path="products/:productId" element={<ProductFormScreen />} />
        <Route path="promotions" element={<PromotionsPanel />} />
        <Route path="promotions/:promotionId" element={<PromotionFormScreen />} />
        <Route path="earnings" element={<EarningsScreen />} />
        <Route path="insights" element={<VendorInsightsScreen />} />
        <Route
          path="shop"
          element={
            <div className="max-w-2xl space-y-5">
              <Card>
                <VendorApplicationForm vendor={vendor} />
              </Card>
              <Card>
                <PreparationTimeForm vendor={vendor} />
              </Card>
            </div>
          }
        />
        <Route path="*" element={<EmptyState message={t('seller.notFound')} />} />
      </Routes>
    </div>
  );
}

/** /seller: apply, wait for approval, then manage orders, products, promotions, earnings and the shop. */
export function SellerPage() {
  const { user } = useSession();
  const me = useSellerMe(!!user);
  const t = useT('seller');
  return (
    <ApprovalGate
      title={t('seller.title')}
      heading={t('seller.title')}
      loginMessage={t('seller.loginMessage')}
      role="vendor"
      application={me}
      approved={(vendor) => <Dashboard vendor={vendor} />}
      apply={(vendor) =>
        user && !hasRole(user, 'customer') && !vendor ? (
          <EmptyState message={t('seller.staff')} />
        ) : (
          <ApplicationScreen vendor={vendor} />
        )
      }
    />
  );
}
