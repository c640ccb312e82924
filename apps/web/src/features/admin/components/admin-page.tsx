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
import { AdminDispatchesPanel, AdminOrdersPanel } from './orders-panel';
import { OutboxPanel } from './outbox-panel';
import { SubNav } from '../../../components/ui/sub-nav';
import { UsersPanel } from './users-panel';

function AdminHome() {
  const apps = useApplications();
  const waiting = (apps.data?.vendors.length ?? 0) + (apps.data?.riders.length ?? 0);
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">Admin</h1>
      <SubNav
        label="Admin sections"
        items={[
          { to: '/admin', label: 'Applications', badge: waiting, end: true },
          { to: '/admin/users', label: 'Users' },
          { to: '/admin/orders', label: 'Orders' },
          { to: '/admin/dispatches', label: 'Dispatches' },
          { to: '/admin/categories', label: 'Categories' },
          { to: '/admin/banners', label: 'Banners' },
          { to: '/admin/outbox', label: 'Mail outbox' },
        ]}
      />
      <Routes>
        <Route index element={<ApplicationsPanel />} />
        <Route path="users" element={<UsersPanel />} />
        <Route path="orders" element={<AdminOrdersPanel />} />
        <Route path="dispatches" element={<AdminDispatchesPanel />} />
        <Route path="categories" element={<CategoriesPanel />} />
        <Route path="banners" element={<BannersPanel />} />
        <Route path="outbox" element={<OutboxPanel />} />
        <Route path="*" element={<EmptyState message="This page does not exist." />} />
      </Routes>
    </div>
  );
}

/** /admin: approvals, users and roles, orders and dispatches, refunds, categories, banners, outbox. */
export function AdminPage() {
  const { user, isLoading } = useSession();
  if (isLoading) return <RouteFallback />;
  return (
    <Page title="Admin">
      {!user ? (
        <LoginPrompt message="Log in with an admin account." ask />
      ) : !hasRole(user, 'admin') ? (
        <EmptyState message="This area is for admins only." />
      ) : (
        <AdminHome />
      )}
    </Page>
  );
}
