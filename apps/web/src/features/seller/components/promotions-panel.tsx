import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useNow } from '../../../lib/clock';
import { toast } from '../../../lib/toast';
import { PromotionCard } from '../../../promotions/promotion-card';
import { promotionInputOf } from '../../../promotions/promotion-fields';
import { PromotionForm } from '../../../promotions/promotion-form';
import { promotionState } from '../../../promotions/promotion-summary';
import { useSellerProducts } from '../api/get-seller-products';
import { useSaveSellerPromotion, useSellerPromotions } from '../api/promotions';
import { useT } from '../../../i18n';

/**
 * /seller/promotions: the shop's own offers (funded by it, on its items only), newest first, each
 * with its uses and what it has cost; a new one, editing one, ending one.
 */
export function PromotionsPanel() {
  const t = useT('seller');
  const now = useNow().getTime();
  const { data, isPending, isError, error, refetch } = useSellerPromotions();
  const save = useSaveSellerPromotion();
  const handleEnd = async (id: string) => {
    const p = data?.find((x) => x._id === id);
    if (!p || !window.confirm(t('seller.promotions.endConfirm', { title: p.title }))) return;
    try {
      await save.mutateAsync({ id, body: { ...promotionInputOf(p, 'shop'), active: false } });
      toast.success(t('seller.promotions.ended'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-48 flex-1 text-sm text-stone-700">{t('seller.promotions.intro')}</p>
        <Link to="new" className={buttonClass('accent')}>
          {t('seller.promotions.add')}
        </Link>
      </div>
      {isPending ? (
        <div className="space-y-3" role="status" aria-label={t('seller.promotions.loading')}>
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : isError ? (
        <EmptyState message={errorMessage(error)}>
          <Button onClick={() => void refetch()}>{t('seller.tryAgain')}</Button>
        </EmptyState>
      ) : data.length === 0 ? (
        <EmptyState message={t('seller.promotions.empty')}>
          <Link to="new" className={buttonClass()}>
            {t('seller.promotions.addFirst')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {data.map((p) => (
            <li key={p._id}>
              <PromotionCard
                promotion={p}
                now={now}
                actions={
                  <>
                    <Link
                      to={p._id}
                      className={buttonClass('outline', 'sm')}
                      aria-label={t('seller.promotions.editName', { title: p.title })}
                    >
                      {t('seller.promotions.edit')}
                    </Link>
                    {promotionState(p, now) !== 'ended' && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="text-red-700"
                        disabled={save.isPending}
                        onClick={() => void handleEnd(p._id)}
                        aria-label={t('seller.promotions.endName', { title: p.title })}
                      >
                        {t('seller.promotions.end')}
                      </Button>
                    )}
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /seller/promotions/new and /seller/promotions/:promotionId */
export function PromotionFormScreen() {
  const t = useT('seller');
  const { promotionId } = useParams();
  const navigate = useNavigate();
  const promotions = useSellerPromotions();
  const products = useSellerProducts('');
  const save = useSaveSellerPromotion();
  const isNew = !promotionId || promotionId === 'new';
  if ((!isNew && promotions.isPending) || products.isPending)
    return (
      <div role="status" aria-label={t('seller.promotions.loading')}>
        <Skeleton className="h-96" />
      </div>
    );
  const promotion = isNew ? null : (promotions.data?.find((p) => p._id === promotionId) ?? null);
  if (!isNew && !promotion) return <EmptyState message={t('seller.promotions.notFound')} />;
  return (
    <div className="max-w-2xl">
      <PromotionForm
        key={promotion?._id ?? 'new'}
        owner="shop"
        promotion={promotion}
        products={products.data?.map((p) => ({ _id: p._id, name: p.name })) ?? []}
        onSave={(body) => save.mutateAsync({ id: promotion?._id, body })}
        onDone={() => void navigate('..', { relative: 'path' })}
      />
    </div>
  );
}
