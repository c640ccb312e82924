import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { EmptyState } from '../../../components/ui/empty-state';
import { CardGridSkeleton } from '../../../components/ui/skeleton';
import { buttonClass } from '../../../components/ui/button';
import { useT } from '../../../i18n';
import { useCartState } from '../../../session/cart-context';
import { useProducts } from '../api/get-products';
import { ProductGrid } from './product-grid';

export function WishlistPage() {
  const t = useT('catalogue');
  const { wishList } = useCartState();
  const { data, isPending } = useProducts();
  const products = (data ?? []).filter((p) => wishList.includes(p._id));
  return (
    <Page title={t('catalogue.wishlist')}>
      <h1 className="mb-6 text-2xl font-bold sm:text-3xl">{t('catalogue.wishlist')}</h1>
      {isPending && wishList.length > 0 ? (
        <CardGridSkeleton count={Math.min(5, wishList.length)} />
      ) : products.length === 0 ? (
        <EmptyState message={t('msg.wishlistEmpty')}>
          <Link to="/products" className={buttonClass('primary')}>
            {t('catalogue.discover')}
          </Link>
        </EmptyState>
      ) : (
        <ProductGrid products={products} />
      )}
    </Page>
  );
}
