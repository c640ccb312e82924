import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { CATEGORIES } from '@jara/shared';
import { Button, buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { inputClass } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money';
import { useDeleteProduct } from '../api/delete-product';
import { useSellerProducts } from '../api/get-seller-products';
import { useSetStock } from '../api/set-stock';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { useT } from '../../../i18n';

export function ProductsPanel() {
  const t = useT('seller');
  const [q, setQ] = useState('');
  const { data, isPending, isError, error, refetch } = useSellerProducts(q.trim());
  const stock = useSetStock();
  const del = useDeleteProduct();
  const handleDelete = async (id: string, name: string) => {
    if (!window.confirm(t('seller.products.deleteConfirm', { name }))) return;
    try {
      await del.mutateAsync(id);
      toast.success(t('seller.products.deleted'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <label className="flex-1">
          <span className="sr-only">{t('seller.products.search')}</span>
          <input
            type="search"
            className={inputClass}
            placeholder={t('seller.products.searchPlaceholder')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </label>
        <Link to="new" className={buttonClass('accent')}>
          {t('seller.products.add')}
        </Link>
      </div>
      {isPending ? (
        <div className="space-y-3" role="status" aria-label={t('seller.products.loading')}>
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : isError ? (
        <EmptyState message={errorMessage(error)}>
          <Button onClick={() => void refetch()}>{t('seller.tryAgain')}</Button>
        </EmptyState>
      ) : data.length === 0 ? (
        <EmptyState message={q ? t('seller.products.noMatch') : t('msg.noVendorProducts')}>
          {!q && (
            <Link to="new" className={buttonClass()}>
              {t('seller.products.addFirst')}
            </Link>
          )}
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {data.map((p) => {
            const prices = p.options.map((o) =>
              o.offerPrice !== null && o.offerPrice < o.price ? o.offerPrice : o.price,
            );
            return (
              <li key={p._id}>
                <Card className="flex flex-wrap items-center gap-4">
                  <img
                    src={p.image[0] ? `${p.image[0]}${p.image[0].startsWith('/media/') ? '?w=200' : ''}` : ''}
                    alt=""
                    className="size-16 rounded-xl object-cover ring-1 ring-stone-200"
                  />
                  {/* Wide enough for a name to wrap between its words: the switch goes below on a phone. */}
                  <div className="min-w-40 flex-1">
                    <p className="break-words font-semibold">{p.name}</p>
                    <p className="text-sm text-stone-600">
                      {CATEGORIES.find((c) => c.path === p.category)?.text ?? p.category} ·{' '}
                      {prices.length > 1
                        ? `${formatPrice(Math.min(...prices))} – ${formatPrice(Math.max(...prices))}`
                        : formatPrice(prices[0] ?? 0)}
                      {p.options.length > 1 ? ` · ${t('seller.products.options', { count: p.options.length })}` : ''}
                    </p>
                  </div>
                  <Switch
                    checked={p.inStock}
                    label={p.inStock ? t('seller.products.inStock') : t('seller.products.outOfStock')}
                    disabled={stock.isPending}
                    onChange={(v) =>
                      stock.mutate({ id: p._id, inStock: v }, { onError: (err) => toast.error(errorMessage(err)) })
                    }
                  />
                  <div className="flex gap-2">
                    <Link
                      to={p._id}
                      className={buttonClass('outline', 'sm')}
                      aria-label={t('seller.products.editName', { name: p.name })}
                    >
                      {t('seller.products.edit')}
                    </Link>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700"
                      onClick={() => void handleDelete(p._id, p.name)}
                      aria-label={t('seller.products.deleteName', { name: p.name })}
                    >
                      {t('seller.products.delete')}
                    </Button>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
