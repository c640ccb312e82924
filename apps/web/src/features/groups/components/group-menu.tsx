import { useId, useState } from 'react';
import { shownOptionName, type ProductDto } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { formatPrice } from '../../../lib/money';
import { useT } from '../../../i18n';

/** The price a product's option sells at: its offer when lower. */
const priceOf = (o: ProductDto['options'][number]) =>
  o.offerPrice !== null && o.offerPrice < o.price ? o.offerPrice : o.price;

/** One dish of the group's shops, with its option and an Add button. */
function MenuLine({ product, onAdd, busy }: { product: ProductDto; onAdd: (optionId: string) => void; busy: boolean }) {
  const t = useT('groups');
  const id = useId();
  const [optionId, setOptionId] = useState(product.options[0]?._id ?? '');
  const option = product.options.find((o) => o._id === optionId);
  return (
    <li className="flex items-center gap-3 py-2" data-product-id={product._id}>
      <div className="size-12 shrink-0 overflow-hidden rounded-lg bg-stone-100">
        {product.image[0] && (
          <ResponsiveImage
            src={product.image[0]}
            alt=""
            width={48}
            height={48}
            sizes="48px"
            className="size-full object-cover"
          />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-stone-900" id={id}>
          {product.name}
        </p>
        {product.options.length > 1 ? (
          <select
            aria-label={t('groups.menu.option', { name: product.name })}
            className="mt-1 h-9 rounded-lg border border-stone-300 bg-white px-2 text-sm"
            value={optionId}
            onChange={(e) => setOptionId(e.target.value)}
          >
            {product.options.map((o) => (
              <option key={o._id} value={o._id}>
                {t('groups.menu.optionPrice', {
                  option: shownOptionName(o.name) ?? o.name,
                  price: formatPrice(priceOf(o)),
                })}
              </option>
            ))}
          </select>
        ) : (
          option && <p className="text-sm text-stone-700">{formatPrice(priceOf(option))}</p>
        )}
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={busy || !product.inStock || !option}
        onClick={() => onAdd(optionId)}
        aria-describedby={id}
      >
        {product.inStock ? t('groups.menu.add') : t('groups.menu.soldOut')}
      </Button>
    </li>
  );
}

/** The group's shops' dishes, each with an Add button: what a member adds to their own part. */
export function GroupMenu({
  shops,
  products,
  pending,
  onAdd,
  busy,
}: {
  shops: { _id: string; name: string }[];
  products: ProductDto[];
  pending: boolean;
  onAdd: (productId: string, optionId: string) => void;
  busy: boolean;
}) {
  const t = useT('groups');
  if (pending) return <p className="text-sm text-stone-600">{t('groups.menu.loading')}</p>;
  return (
    <div className="space-y-4">
      {shops.map((shop) => {
        const dishes = products.filter((p) => p.vendorId === shop._id);
        return (
          <section key={shop._id} aria-label={t('groups.menu.of', { shop: shop.name })}>
            <h3 className="font-semibold text-brand-900">{shop.name}</h3>
            {dishes.length === 0 ? (
              <p className="text-sm text-stone-600">{t('groups.menu.none')}</p>
            ) : (
              <ul className="divide-y divide-stone-200">
                {dishes.map((p) => (
                  <MenuLine key={p._id} product={p} busy={busy} onAdd={(optionId) => onAdd(p._id, optionId)} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
