import { Navigate, useParams } from 'react-router';
import { CATEGORIES } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { CardGridSkeleton } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/empty-state';
import { NotFound } from '../../../components/ui/not-found';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useProducts } from '../api/get-products';
import { useVendors } from '../api/get-vendors';
import { useCategories } from '../api/get-categories';
import { ProductGrid } from './product-grid';
import { VendorGrid } from './vendor-card';

export function CategoryPage() {
  const t = useT('catalogue');
  const { category = '' } = useParams();
  const lower = category.toLowerCase();
  const categories = useCategories();
  if (lower !== category) return <Navigate to={`/products/${lower}`} replace />;
  const known = (categories.data ?? CATEGORIES).find((c) => c.path === lower);
  if (!known) {
    if (categories.isPending)
      return (
        <Page title={t('catalogue.products')}>
          <CardGridSkeleton />
        </Page>
      );
    return <NotFound title={t('catalogue.categoryNotFound.title')} text={t('catalogue.categoryNotFound.text')} />;
  }
  return (
    <Page title={known.text}>
      <Breadcrumb
        items={[
          { label: t('catalogue.home'), to: '/' },
          { label: t('catalogue.products'), to: '/products' },
          { label: known.text },
        ]}
      />
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{known.text}</h1>
      {lower === 'food' ? <FoodVendors /> : <CategoryProducts category={lower} />}
    </Page>
  );
}

function FoodVendors() {
  const t = useT('catalogue');
  const { data, isPending, error } = useVendors();
  if (isPending) return <CardGridSkeleton count={6} />;
  if (error) return <EmptyState message={errorMessage(error)} />;
  const vendors = data.filter((v) => v.kind === 'food');
  if (!vendors.length) return <EmptyState message={t('msg.noVendors')} />;
  return (
    <>
      <p className="-mt-3 mb-5 text-stone-600">{t('catalogue.food.intro')}</p>
      <VendorGrid vendors={vendors} />
    </>
  );
}

function CategoryProducts({ category }: { category: string }) {
  const t = useT('catalogue');
  const { data, isPending, error } = useProducts();
  if (isPending) return <CardGridSkeleton count={10} />;
  if (error) return <EmptyState message={errorMessage(error)} />;
  const products = data.filter((p) => p.category === category && p.inStock);
  if (!products.length) return <EmptyState message={t('msg.noCategoryProducts')} />;
  return <ProductGrid products={products} priorityCount={4} />;
}
