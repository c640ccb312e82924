import { Route, Routes } from 'react-router';
import { Page } from '../../../components/ui/page';
import { EmptyState } from '../../../components/ui/empty-state';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { hasRole } from '@jara/shared';
import { LoginPrompt } from '../../../session/login-prompt';
import { useSession } from '../../../session/session';
import { useApplications } from '../api/get-applications';
import { ApplicationsPanel } from './applications-panel';
import { BannersPanel, CategoriesPanel } from './content-panel';
import { EtaAccuracyPanel } from './eta-accuracy-panel';
import { ExportsPanel } from './exports-panel';
import { AdminDispatchesPanel, AdminOrdersPanel } from './orders-panel';
import { OutboxPanel } from './outbox-panel';
import { PayoutsPanel } from './payouts-panel';
import { FirstRunChecklist } from './first-run-checklist';
import { PlacesPanel } from './places-panel';
import { SiteContentPanel } from './site-content-panel';
import { ReconciliationPanel } from './reconciliation-panel';
import { PromotionFormScreen, PromotionsPanel } from './promotions-panel';
import { RefundsPanel } from './refunds-panel';
import { SubNav } from '../../../components/ui/sub-nav';
import { UsersPanel } from './users-panel';
import { AdminDashboardScreen } from '../../../insights/screens';
import { useT } from '../../../i18n';

function AdminHome() {
  const t = useT('admin');
  const apps = useApplications();
  const waiting = (apps.data?.vendors.length ?? 0) + (apps.data?.riders.length ?? 0);
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{t('admin.title')}</h1>
      <SubNav
        label={t('admin.nav.label')}
        items={[
          { to: '/admin/dashboard', label: t('admin.nav.dashboard') },
          { to: '/admin', label: t('admin.nav.applications'), badge: waiting, end: true },
          { to: '/admin/users', label: t('admin.nav.users') },
          { to: '/admin/orders', label: t('admin.nav.orders') },
          { to: '/admin/dispatches', label: t('admin.nav.dispatches') },
          { to: '/admin/refunds', label: t('admin.nav.refunds') },
          { to: '/admin/payouts', label: t('admin.nav.payouts') },
          { to: '/admin/promotions', label: t('admin.nav.promotions') },
          { to: '/admin/categories', label: t('admin.nav.categories') },
          { to: '/admin/banners', label: t('admin.nav.banners') },
          { to: '/admin/places', label: t('admin.nav.places') },
          { to: '/admin/content', label: t('admin.nav.content') },
          { to: '/admin/outbox', label: t('admin.nav.outbox') },
          { to: '/admin/eta', label: t('admin.nav.eta') },
          { to: '/admin/reconciliation', label: t('admin.nav.reconciliation') },
          { to: '/admin/exports', label: t('admin.nav.exports') },
        ]}
      />
      <Routes>
        <Route
          index
          element={
            <>
              <FirstRunChecklist />
              <ApplicationsPanel />
            </>
          }
        />
        <Route path="payouts" element={<PayoutsPanel />} />
        <Route path="dashboard" element={<AdminDashboardScreen />} />
        <Route path="users" element={<UsersPanel />} />
        <Route path="orders" element={<AdminOrdersPanel />} />
        <Route path="dispatches" element={<AdminDispatchesPanel />} />
        <Route path="refunds" element={<RefundsPanel />} />
        <Route path="promotions" element={<PromotionsPanel />} />
        <Route path="promotions/:promotionId" element={<PromotionFormScreen />} />
        <Route path="categories" element={<CategoriesPanel />} />
        <Route path="banners" element={<BannersPanel />} />
        <Route path="places" element={<PlacesPanel />} />
        <Route path="content" element={<SiteContentPanel />} />
        <Route path="outbox" element={<OutboxPanel />} />
        <Route path="eta" element={<EtaAccuracyPanel />} />
        <Route path="reconciliation" element={<ReconciliationPanel />} />
        <Route path="exports" element={<ExportsPanel />} />
        <Route path="*" element={<EmptyState message={t('admin.notFound')} />} />
      </Routes>
    </div>
  );
}

/** /admin: approvals, users and roles, orders and dispatches, refunds and open disputes, promotions, categories, banners, outbox, arrival estimates. */
export function AdminPage() {
  const t = useT('admin');
  const { user, isLoading } = useSession();
  if (isLoading) return <RouteFallback />;
  return (
    <Page title={t('admin.title')}>
      {!user ? (
        <LoginPrompt message={t('admin.logIn')} ask />
      ) : !hasRole(user, 'admin') ? (
        <EmptyState message={t('admin.adminsOnly')} />
      ) : (
        <AdminHome />
      )}
    </Page>
  );
}
