import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { PromotionDto, PromotionUserDto } from '@jara/shared';
import { Button, buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextArea } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusPill } from '../../../components/ui/status-pill';
import { errorMessage } from '../../../lib/api-client';
import { useNow } from '../../../lib/clock';
import { formatPrice } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { PromotionCard } from '../../../promotions/promotion-card';
import { promotionInputOf } from '../../../promotions/promotion-fields';
import { PromotionForm } from '../../../promotions/promotion-form';
import { promotionState } from '../../../promotions/promotion-summary';
import { useT } from '../../../i18n';
import { useAdminCategories } from '../api/categories';
import {
  useAdminPromotions,
  useBarPromotionUser,
  usePromotionUses,
  useSaveAdminPromotion,
  useShops,
} from '../api/promotions';

/** Bars a person from every offer, or lets them use offers again, with a reason. */
function BarDialog({ person, onClose }: { person: PromotionUserDto; onClose: () => void }) {
  const t = useT('admin');
  const titleId = useId();
  const bar = useBarPromotionUser();
  const [reason, setReason] = useState('');
  const barring = !person.barred;
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await bar.mutateAsync({ userId: person.userId, barred: barring, reason: reason.trim() });
      toast.success(
        barring
          ? t('admin.promotions.bar.done', { name: person.name })
          : t('admin.promotions.unbar.done', { name: person.name }),
      );
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="max-w-md">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate className="space-y-4">
        <h2 id={titleId} className="pr-8 text-xl font-bold">
          {barring
            ? t('admin.promotions.bar.title', { name: person.name })
            : t('admin.promotions.unbar.title', { name: person.name })}
        </h2>
        <p className="text-sm text-stone-700">
          {barring ? t('admin.promotions.bar.explain') : t('admin.promotions.unbar.explain')}
        </p>
        <TextArea
          label={t('admin.promotions.bar.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={200}
          rows={3}
          className="[&_textarea]:min-h-20"
          data-autofocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button type="submit" variant={barring ? 'danger' : 'primary'} disabled={bar.isPending}>
            {barring ? t('admin.promotions.bar.confirm') : t('admin.promotions.unbar.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Who used an offer: uses held or made, the discount they got, uses given back; bar or unbar each. */
function PromotionUses({ promotion, id }: { promotion: PromotionDto; id: string }) {
  const t = useT('admin');
  const { data, isPending, isError, error, refetch } = usePromotionUses(promotion._id);
  const [barring, setBarring] = useState<PromotionUserDto | null>(null);
  return (
    <div id={id} className="mt-3 border-t border-stone-100 pt-3">
      {isPending ? (
        <div role="status" aria-label={t('admin.promotions.uses.loading')}>
          <Skeleton className="h-24" />
        </div>
      ) : isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p role="alert" className="text-red-700">
            {errorMessage(error)}
          </p>
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {t('admin.promotions.retry')}
          </Button>
        </div>
      ) : data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('admin.promotions.uses.empty')}</p>
      ) : (
        <table
          className="w-full text-sm max-sm:block"
          aria-label={t('admin.promotions.usesOf', { title: promotion.title })}
        >
          <thead className="max-sm:sr-only">
            <tr className="text-left text-stone-600">
              <th className="py-1.5 pr-2 font-medium">{t('admin.promotions.uses.person')}</th>
              <th className="py-1.5 pr-2 font-medium">{t('admin.promotions.uses.uses')}</th>
              <th className="py-1.5 pr-2 font-medium">{t('admin.promotions.uses.discount')}</th>
              <th className="py-1.5 pr-2 font-medium">{t('admin.promotions.uses.released')}</th>
              <th className="py-1.5 font-medium">
                <span className="sr-only">{t('admin.promotions.uses.action')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {data.map((p) => (
              <tr
                key={p.userId}
                className="border-t border-stone-100 max-sm:grid max-sm:grid-cols-3 max-sm:gap-1 max-sm:py-2"
                data-testid="promotion-person"
              >
                <td className="py-1.5 pr-2 max-sm:col-span-3 max-sm:p-0">
                  <span className="block font-medium">
                    {p.name} {p.barred && <StatusPill status="rejected" label={t('admin.promotions.uses.barred')} />}
                  </span>
                  <span className="block text-stone-600 [overflow-wrap:anywhere]">{p.email}</span>
                  {p.phone && <span className="block text-stone-600">{p.phone}</span>}
                </td>
                <td className="py-1.5 pr-2 max-sm:p-0">
                  <span className="sm:hidden">{t('admin.promotions.uses.uses')}: </span>
                  {p.uses}
                </td>
                <td className="py-1.5 pr-2 max-sm:p-0">
                  <span className="sm:hidden">{t('admin.promotions.uses.discount')}: </span>
                  {formatPrice(p.discount)}
                </td>
                <td className="py-1.5 pr-2 max-sm:p-0" data-testid="promotion-released">
                  <span className="sm:hidden">{t('admin.promotions.uses.released')}: </span>
                  {p.released}
                </td>
                <td className="py-1.5 text-right max-sm:col-span-3 max-sm:p-0 max-sm:text-left">
                  <Button
                    size="sm"
                    variant={p.barred ? 'outline' : 'ghost'}
                    className={p.barred ? '' : 'text-red-700'}
                    onClick={() => setBarring(p)}
                    aria-label={
                      p.barred
                        ? t('admin.promotions.unbarName', { name: p.name })
                        : t('admin.promotions.barName', { name: p.name })
                    }
                  >
                    {p.barred ? t('admin.promotions.unbar') : t('admin.promotions.bar')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {barring && <BarDialog person={barring} onClose={() => setBarring(null)} />}
    </div>
  );
}

function PromotionItem({
  promotion: p,
  now,
  shopName,
  categoryName,
  ending,
  onEnd,
}: {
  promotion: PromotionDto;
  now: number;
  shopName: (id: string) => string | undefined;
  categoryName: (path: string) => string | undefined;
  ending: boolean;
  onEnd: () => void;
}) {
  const t = useT('admin');
  const [open, setOpen] = useState(false);
  const usesId = useId();
  const platform = p.fundedBy === 'platform';
  return (
    <PromotionCard
      promotion={p}
      now={now}
      showFunder
      vendorName={shopName}
      categoryName={categoryName}
      actions={
        <>
          <Button
            size="sm"
            variant="outline"
            aria-expanded={open}
            aria-controls={usesId}
            onClick={() => setOpen((o) => !o)}
          >
            {t('admin.promotions.uses')}
          </Button>
          {platform && (
            <Link
              to={p._id}
              className={buttonClass('outline', 'sm')}
              aria-label={t('admin.promotions.editName', { title: p.title })}
            >
              {t('admin.promotions.edit')}
            </Link>
          )}
          {platform && promotionState(p, now) !== 'ended' && (
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700"
              disabled={ending}
              onClick={onEnd}
              aria-label={t('admin.promotions.endName', { title: p.title })}
            >
              {t('admin.promotions.end')}
            </Button>
          )}
        </>
      }
    >
      {open && <PromotionUses promotion={p} id={usesId} />}
    </PromotionCard>
  );
}

/**
 * /admin/promotions: every offer, Jara's and the shops' (who pays, uses, what they cost); Jara's
 * created, edited and ended here; for each, who used it, with a bar from every offer.
 */
export function PromotionsPanel() {
  const t = useT('admin');
  const now = useNow().getTime();
  const { data, isPending, isError, error, refetch } = useAdminPromotions();
  const shops = useShops();
  const categories = useAdminCategories();
  const save = useSaveAdminPromotion();
  const shopName = (id: string) => shops.data?.find((v) => v._id === id)?.businessName;
  const categoryName = (path: string) => categories.data?.find((c) => c.path === path)?.text;
  const handleEnd = async (p: PromotionDto) => {
    if (!window.confirm(t('admin.promotions.endConfirm', { title: p.title }))) return;
    try {
      await save.mutateAsync({ id: p._id, body: { ...promotionInputOf(p, 'admin'), active: false } });
      toast.success(t('admin.promotions.ended'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-48 flex-1 text-sm text-stone-700">{t('admin.promotions.intro')}</p>
        <Link to="new" className={buttonClass('accent')}>
          {t('admin.promotions.add')}
        </Link>
      </div>
      {isPending ? (
        <div className="space-y-3" role="status" aria-label={t('admin.promotions.loading')}>
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : isError ? (
        <EmptyState message={errorMessage(error)}>
          <Button onClick={() => void refetch()}>{t('admin.promotions.retry')}</Button>
        </EmptyState>
      ) : data.length === 0 ? (
        <EmptyState message={t('admin.promotions.empty')} />
      ) : (
        <ul className="space-y-3">
          {data.map((p) => (
            <li key={p._id}>
              <PromotionItem
                promotion={p}
                now={now}
                shopName={shopName}
                categoryName={categoryName}
                ending={save.isPending}
                onEnd={() => void handleEnd(p)}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /admin/promotions/new and /admin/promotions/:promotionId: a platform offer's form. */
export function PromotionFormScreen() {
  const t = useT('admin');
  const { promotionId } = useParams();
  const navigate = useNavigate();
  const promotions = useAdminPromotions();
  const shops = useShops();
  const categories = useAdminCategories();
  const save = useSaveAdminPromotion();
  const isNew = !promotionId || promotionId === 'new';
  if ((!isNew && promotions.isPending) || shops.isPending || categories.isPending)
    return (
      <div role="status" aria-label={t('admin.promotions.loading')}>
        <Skeleton className="h-96" />
      </div>
    );
  const promotion = isNew ? null : (promotions.data?.find((p) => p._id === promotionId) ?? null);
  if (!isNew && (!promotion || promotion.fundedBy !== 'platform'))
    return <EmptyState message={t('admin.promotions.notFound')} />;
  return (
    <div className="max-w-2xl">
      <PromotionForm
        key={promotion?._id ?? 'new'}
        owner="admin"
        promotion={promotion}
        vendors={shops.data ?? []}
        categories={categories.data ?? []}
        onSave={(body) => save.mutateAsync({ id: promotion?._id, body })}
        onDone={() => void navigate('..', { relative: 'path' })}
      />
    </div>
  );
}
