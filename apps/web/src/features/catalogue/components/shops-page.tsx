import { Page } from '../../../components/ui/page';
import { CardGridSkeleton } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/empty-state';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useVendors } from '../api/get-vendors';
import { VendorGrid } from './vendor-card';

export function ShopsPage() {
  const t = useT('catalogue');
  const { data, isPending, error } = useVendors();
  return (
    <Page title={t('catalogue.shops.title')}>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('catalogue.shops.heading')}</h1>
      <p className="mb-6 mt-1 text-stone-600">{t('catalogue.shops.intro')}</p>
      {isPending ? (
        <CardGridSkeleton count={6} />
      ) : error ? (
        <EmptyState message={errorMessage(error)} />
      ) : data.length === 0 ? (
        <EmptyState message={t('msg.noVendors')} />
      ) : (
        <VendorGrid vendors={data} />
      )}
    </Page>
  );
}
