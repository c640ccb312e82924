import { MSG } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { CardGridSkeleton } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/empty-state';
import { errorMessage } from '../../../lib/api-client';
import { useVendors } from '../api/get-vendors';
import { VendorGrid } from './vendor-card';

export function ShopsPage() {
  const { data, isPending, error } = useVendors();
  return (
    <Page title="Shops">
      <h1 className="text-2xl font-bold sm:text-3xl">Visit Shops</h1>
      <p className="mb-6 mt-1 text-stone-600">Vendors on and around campus.</p>
      {isPending ? (
        <CardGridSkeleton count={6} />
      ) : error ? (
        <EmptyState message={errorMessage(error)} />
      ) : data.length === 0 ? (
        <EmptyState message={MSG.noVendors} />
      ) : (
        <VendorGrid vendors={data} />
      )}
    </Page>
  );
}
