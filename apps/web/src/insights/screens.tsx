import { lazy, Suspense } from 'react';
import { Spinner } from '../components/ui/spinner';

/*
 * The dashboards as the portals mount them: each its own chunk (with uPlot in one more, fetched
 * with the first chart), so a portal's other screens and the storefront never download them.
 */
const AdminDashboard = lazy(async () => ({ default: (await import('./admin-dashboard')).AdminDashboard }));
const VendorInsights = lazy(async () => ({ default: (await import('./vendor-insights')).VendorInsights }));
const RiderInsights = lazy(async () => ({ default: (await import('./rider-insights')).RiderInsights }));

function Loading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner />
    </div>
  );
}

/** /admin/dashboard. */
export function AdminDashboardScreen() {
  return (
    <Suspense fallback={<Loading />}>
      <AdminDashboard />
    </Suspense>
  );
}

/** /seller/insights. */
export function VendorInsightsScreen() {
  return (
    <Suspense fallback={<Loading />}>
      <VendorInsights />
    </Suspense>
  );
}

/** /rider/insights. */
export function RiderInsightsScreen() {
  return (
    <Suspense fallback={<Loading />}>
      <RiderInsights />
    </Suspense>
  );
}
