import { useEffect } from 'react';
import { useParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { Page } from '../../../components/ui/page';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { CardGridSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/empty-state';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { t as translate, useT } from '../../../i18n';
import { useProducts } from '../api/get-products';
import { useVendor } from '../api/get-vendor';
import { ProductGrid } from './product-grid';

/** /products/food/{vendorId} (food) and /shops/{vendorId} (everything but food). */
function VendorProductsPage({ kind }: { kind: 'food' | 'shop' }) {
  const t = useT('catalogue');
  const { vendorId = '' } = useParams();
  const vendor = useVendor(vendorId);
  const products = useProducts();

  useEffect(() => {
    if (vendor.error) toast.error(translate('catalogue', 'msg.failedVendor'), { id: 'vendor-error' });
  }, [vendor.error]);

  const list = (products.data ?? []).filter(
    (p) => p.vendorId === vendorId && p.inStock && (kind === 'food' ? p.category === 'food' : p.category !== 'food'),
  );
  const name = vendor.data?.businessName ?? '';
  const crumbs =
    kind === 'food'
      ? [
          { label: t('catalogue.home'), to: '/' },
          { label: t('catalogue.food'), to: '/products/food' },
          { label: name || t('catalogue.vendor') },
        ]
      : [
          { label: t('catalogue.home'), to: '/' },
          { label: t('catalogue.shops.title'), to: '/shops' },
          { label: name || t('catalogue.vendor') },
        ];

  return (
    <Page title={name || t('catalogue.vendor')}>
      <Breadcrumb items={crumbs} />
      <header className="mb-6 flex items-center gap-4">
        {vendor.isPending ? (
          <>
            <Skeleton className="size-16 shrink-0 rounded-2xl" />
            <Skeleton className="h-8 w-48" />
          </>
        ) : vendor.data ? (
          <>
            <div className="size-16 shrink-0 overflow-hidden rounded-2xl bg-brand-50">
              {vendor.data.profilePhoto && (
                <ResponsiveImage
                  src={vendor.data.profilePhoto}
                  alt=""
                  width={64}
                  height={64}
                  sizes="64px"
                  priority
                  className="size-full object-cover"
                />
              )}
            </div>
            <div>
              <h1 className="text-2xl font-bold sm:text-3xl">{vendor.data.businessName}</h1>
              {vendor.data.address && <p className="text-sm text-stone-600">{vendor.data.address}</p>}
            </div>
          </>
        ) : (
          <h1 className="text-2xl font-bold">{t('msg.failedVendor')}</h1>
        )}
      </header>
      {products.isPending ? (
        <CardGridSkeleton count={5} />
      ) : list.length === 0 ? (
        <EmptyState message={t('msg.noVendorProducts')} />
      ) : (
        <ProductGrid products={list} priorityCount={4} />
      )}
    </Page>
  );
}

export const FoodVendorPage = () => <VendorProductsPage kind="food" />;
export const ShopPage = () => <VendorProductsPage kind="shop" />;
