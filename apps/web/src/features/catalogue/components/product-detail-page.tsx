import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { CATEGORIES, RELATED_PRODUCTS, VENDOR_PRODUCTS, type ProductDto } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Skeleton } from '../../../components/ui/skeleton';
import { NotFound } from '../../../components/ui/not-found';
import { Stars } from '../../../components/ui/stars';
import { QuantitySelect } from '../../../components/ui/quantity-select';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { SectionHeading } from '../../../components/ui/section-heading';
import { StoreIcon } from '../../../components/ui/icons';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { HERO_IMAGES } from '../../../lib/images';
import { useCartActions } from '../../../session/cart-context';
import { useProducts } from '../api/get-products';
import { useVendor } from '../api/get-vendor';
import { relatedProducts, vendorOtherProducts } from '../catalogue-rules';
import { Price } from './price';
import { ProductGrid } from './product-grid';
import { WishButton } from './wish-button';
import { vendorPath } from './vendor-card';
import { ClosedNote } from './closed-note';
import { PromotionTag } from './promotion-tag';
import { useOpenStates } from '../hooks/use-open-state';

export function ProductDetailPage() {
  const t = useT('catalogue');
  const { id = '' } = useParams();
  const { data, isPending, error } = useProducts();
  if (isPending) return <DetailSkeleton />;
  if (error)
    return (
      <Page title={t('catalogue.product')}>
        <EmptyState message={errorMessage(error)} />
      </Page>
    );
  const product = data.find((p) => p._id === id);
  if (!product)
    return <NotFound title={t('catalogue.productNotFound.title')} text={t('catalogue.productNotFound.text')} />;
  return <ProductDetail key={product._id} product={product} all={data} />;
}

function ProductDetail({ product, all }: { product: ProductDto; all: ProductDto[] }) {
  const t = useT('catalogue');
  const navigate = useNavigate();
  const { addToCart } = useCartActions();
  const [imageIndex, setImageIndex] = useState(0);
  const [optionId, setOptionId] = useState(product.options[0]?._id ?? '');
  const [qty, setQty] = useState(1);
  const vendor = useVendor(product.vendorId);
  const option = product.options.find((o) => o._id === optionId) ?? product.options[0];
  const categoryText = CATEGORIES.find((c) => c.path === product.category)?.text ?? product.category;
  const image = product.image[imageIndex] ?? product.image[0];
  const related = relatedProducts(all, product, RELATED_PRODUCTS);
  const fromVendor = vendorOtherProducts(all, product, VENDOR_PRODUCTS);
  const openState = useOpenStates()(product.vendorId);
  const isClosed = !!openState && !openState.open;
  const canBuy = product.inStock && !!option && !isClosed;

  const crumbs = [
    { label: t('catalogue.home'), to: '/' },
    { label: t('catalogue.products'), to: '/products' },
    { label: categoryText, to: `/products/${product.category}` },
    ...(product.category === 'food' && vendor.data
      ? [{ label: vendor.data.businessName, to: `/products/food/${product.vendorId}` }]
      : []),
    { label: product.name },
  ];

  const handleAdd = () => option && addToCart(product._id, option._id, qty);
  const handleBuyNow = () => {
    if (!option) return;
    addToCart(product._id, option._id, qty);
    void navigate('/cart');
  };

  return (
    <Page title={product.name}>
      <Breadcrumb items={crumbs} />
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          {product.image.length > 1 && (
            <ul className="flex gap-2 sm:flex-col" aria-label={t('catalogue.detail.images')}>
              {product.image.map((src, i) => (
                <li key={src}>
                  <button
                    type="button"
                    onClick={() => setImageIndex(i)}
                    aria-label={t('catalogue.detail.showImage', { number: i + 1, count: product.image.length })}
                    aria-current={i === imageIndex}
                    className={`block size-16 overflow-hidden rounded-xl border-2 bg-stone-100 sm:size-20 ${i === imageIndex ? 'border-brand-700' : 'border-transparent'}`}
                  >
                    <ResponsiveImage
                      src={src}
                      alt=""
                      width={80}
                      height={80}
                      sizes="80px"
                      className="size-full object-cover"
                    />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="relative aspect-square flex-1 overflow-hidden rounded-[var(--radius-card)] bg-stone-100">
            {image && (
              <ResponsiveImage
                src={image}
                alt={product.name}
                width={HERO_IMAGES.product.width}
                height={HERO_IMAGES.product.height}
                priority
                sizes={HERO_IMAGES.product.sizes}
                className="size-full object-cover"
              />
            )}
            <WishButton productId={product._id} productName={product.name} className="absolute right-3 top-3" />
            {/* Over the picture: the labels arrive after the page has painted and move nothing. */}
            <PromotionTag product={product} className="absolute bottom-3 left-3 right-3" />
          </div>
        </div>

        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{product.name}</h1>
          <div className="mt-2 flex items-center gap-2 text-sm text-stone-600">
            <Stars /> <span>(4)</span>
          </div>
          <Link
            to={vendorPath({ _id: product.vendorId, kind: product.category === 'food' ? 'food' : 'goods' })}
            className="mt-3 inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-800 hover:bg-brand-100"
          >
            <StoreIcon size={16} />
            {vendor.data
              ? t('catalogue.detail.soldBy', { vendor: vendor.data.businessName })
              : t('catalogue.detail.visitSeller')}
          </Link>

          <div className="mt-5">{option && <Price option={option} large />}</div>
          <p className="text-sm text-stone-600">
            {product.weight
              ? t('catalogue.detail.taxesWeight', { weight: product.weight })
              : t('catalogue.detail.taxes')}
          </p>

          {product.options.length > 1 && (
            <fieldset className="mt-6">
              <legend className="mb-2 text-sm font-semibold text-stone-800">{t('catalogue.detail.options')}</legend>
              <div className="flex flex-wrap gap-2">
                {product.options.map((o) => (
                  <button
                    key={o._id}
                    type="button"
                    onClick={() => setOptionId(o._id)}
                    aria-pressed={o._id === option?._id}
                    className={`rounded-full border px-4 py-2 text-sm font-medium transition ${
                      o._id === option?._id
                        ? 'border-brand-800 bg-brand-800 text-white'
                        : 'border-stone-300 bg-white text-stone-800 hover:border-brand-700'
                    }`}
                  >
                    {o.name}
                  </button>
                ))}
              </div>
            </fieldset>
          )}

          <h2 className="mt-6 text-base font-semibold">{t('catalogue.detail.about')}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-700">
            {product.description.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>

          {product.inStock ? (
            <div className="mt-6">
              <QuantitySelect value={qty} onChange={setQty} />
            </div>
          ) : (
            <p className="mt-6 font-semibold text-red-700">{t('common.outOfStock')}</p>
          )}
          {isClosed && openState && product.inStock && (
            <div className="mt-4">
              <ClosedNote state={openState} id="closed-reason" />
            </div>
          )}
          <div className="mt-4 grid grid-cols-2 gap-3">
            <Button
              variant="outline"
              size="lg"
              onClick={handleAdd}
              disabled={!canBuy}
              aria-describedby={isClosed ? 'closed-reason' : undefined}
            >
              {t('catalogue.detail.addToCart')}
            </Button>
            <Button
              variant="primary"
              size="lg"
              onClick={handleBuyNow}
              disabled={!canBuy}
              aria-describedby={isClosed ? 'closed-reason' : undefined}
            >
              {t('catalogue.detail.buyNow')}
            </Button>
          </div>
        </div>
      </div>

      {related.length > 0 && (
        <section className="mt-14" aria-labelledby="related-heading">
          <SectionHeading id="related-heading" title={t('catalogue.detail.related')} />
          <ProductGrid products={related} />
        </section>
      )}
      {fromVendor.length > 0 && (
        <section className="mt-12" aria-labelledby="vendor-heading">
          <SectionHeading
            id="vendor-heading"
            title={
              vendor.data
                ? t('catalogue.detail.moreFrom', { vendor: vendor.data.businessName })
                : t('catalogue.detail.moreFromVendor')
            }
          />
          <ProductGrid products={fromVendor} />
        </section>
      )}
    </Page>
  );
}

function DetailSkeleton() {
  const t = useT('catalogue');
  return (
    <Page title={t('catalogue.product')}>
      <div role="status" aria-label={t('catalogue.loading')} className="grid gap-6 md:grid-cols-2 md:gap-10">
        <Skeleton className="aspect-square w-full rounded-[var(--radius-card)]" />
        <div className="space-y-4">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      </div>
    </Page>
  );
}
