import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import {
  CANCELLED,
  doorOf,
  formatDayTime,
  orderCancelWindow,
  placeLine,
  shownOptionName,
  type AppliedDiscountDto,
  type ItemStatus,
  type OrderDto,
} from '@jara/shared';
import { CancelNotice, cancelStop, useCancelCountdown } from '../../../delivery/cancel-notice';
import { LiveTracking } from '../../../delivery/live-tracking';
import { RateRider } from '../../../delivery/rate-rider';
import { SlotArrival } from '../../../delivery/slot-arrival';
import { useStatusLabel } from '../../../delivery/status-label';
import { TrackingTimeline } from '../../../delivery/tracking-timeline';
import { formatPrice } from '../../../lib/money';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { DoorDetails } from '../../../components/ui/door-details';
import { ChevronDown } from '../../../components/ui/icons';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { errorMessage } from '../../../lib/api-client';
import { useCancelOrder } from '../api/cancel-order';
import { itemsLabel, vendorsLabel } from '../order-summary';
import { DigitBoxes } from './digit-boxes';
import { t as translate, useT, type Translate } from '../../../i18n';

const STATUS_STYLE: Record<ItemStatus, string> = {
  'Order Placed': 'bg-amber-100 text-amber-900',
  'Order Confirmed': 'bg-sky-100 text-sky-900',
  'Order Assigned': 'bg-indigo-100 text-indigo-900',
  'Order Picked': 'bg-violet-100 text-violet-900',
  'Order Delivered': 'bg-emerald-100 text-emerald-900',
  [CANCELLED]: 'bg-stone-200 text-stone-700',
};

/** "JOLLOF10 · 10% off Mama Put (paid by Mama Put)", "Free delivery after 8 pm (paid by Jara)". */
function discountLabel(d: AppliedDiscountDto, t: Translate<'orders'>): string {
  const payer = d.fundedBy === 'vendor' && d.vendorName ? d.vendorName : t('orders.card.discount.jara');
  return d.code
    ? t('orders.card.discount.withCode', { code: d.code, title: d.title, payer })
    : t('orders.card.discount.automatic', { title: d.title, payer });
}

function StatusBadge({ status }: { status: ItemStatus }) {
  const statusLabel = useStatusLabel();
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>
      {statusLabel(status)}
    </span>
  );
}

export function OrderCard({ order, defaultOpen = false }: { order: OrderDto; defaultOpen?: boolean }) {
  const t = useT('orders');
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  const msLeft = useCancelCountdown(order.canCancel, order.cancelUntil);
  const canCancel = msLeft !== null;
  // An order for later may be cancelled until its shops start preparing, a time only the server
  // knows: its cancelUntil stands for it (gone once passed). Others keep the 5-minute window.
  const now = Date.now();
  const stop = cancelStop(
    orderCancelWindow(
      order.items.map((i) => i.status),
      order.paidAt ? Date.parse(order.paidAt) : null,
      now,
      order.slot ? (order.cancelUntil ? Date.parse(order.cancelUntil) : now) : null,
    ),
  );
  // Paid and neither delivered nor cancelled: the tracking map shows where it is.
  const statuses = [...new Set(order.items.map((i) => i.status))].sort();
  const underWay = !!order.paidAt && statuses.some((s) => s !== 'Order Delivered' && s !== CANCELLED);
  const stage = statuses.join('|');
  const vendors = vendorsLabel(order.items, t);
  const contents = itemsLabel(order.items, t);
  const cancel = useCancelOrder();
  const date = new Date(order.paidAt ?? order.createdAt);

  const handleCancel = async () => {
    if (!window.confirm(translate('orders', 'orders.card.cancelConfirm'))) return;
    try {
      await cancel.mutateAsync(order._id);
      toast.success(translate('orders', 'orders.card.cancelled'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <li
      className="overflow-hidden rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)]"
      data-testid="order-card"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-start gap-3 p-4 text-left hover:bg-stone-50"
      >
        <div className="min-w-0 flex-1">
          {/* The badge shares the date's line, so shop and items get the card's whole width on a phone. */}
          <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
            <p className="text-sm text-stone-600">
              <time dateTime={date.toISOString()}>{formatDayTime(date)}</time>
              {' · '}
              {t('orders.card.itemCount', { count: order.items.length })}
            </p>
            <span data-testid="order-status">
              <StatusBadge status={order.status} />
            </span>
          </div>
          {order.slot && <SlotArrival slot={order.slot} className="mt-1 block text-sm font-semibold text-brand-900" />}
          {order.batchSave && (
            <span
              className="mt-1 inline-block rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900"
              data-testid="order-batch-save"
            >
              {t('orders.card.batchSave')}
            </span>
          )}
          <div className="mt-1 text-sm" data-testid="order-summary">
            {vendors && <p className="truncate font-semibold text-stone-900">{vendors}</p>}
            {vendors && contents && <span className="sr-only"> · </span>}
            {contents && <p className="line-clamp-2 break-words text-stone-700">{contents}</p>}
          </div>
          <p className="mt-1 text-lg font-bold text-brand-900">{formatPrice(order.amount)}</p>
        </div>
        <ChevronDown
          size={20}
          className={`mt-0.5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>
      {open && (
        <div id={panelId} className="space-y-4 border-t border-stone-100 p-4">
          {order.deliveryCode && (
            <div className="rounded-2xl bg-brand-50 p-4">
              <p className="mb-2 text-sm font-semibold text-brand-900">{t('orders.card.codeTitle')}</p>
              <DigitBoxes code={order.deliveryCode} />
            </div>
          )}
          {underWay && <LiveTracking kind="order" id={order._id} stage={stage} />}
          <TrackingTimeline tracking={order} />
          <Link to={`/threads/order/${order._id}`} className={buttonClass('outline', 'sm')}>
            {t('orders.card.chat')}
          </Link>
          <ul className="space-y-3">
            {order.items.map((i) => (
              <li key={i._id} className="flex flex-wrap gap-3">
                <div className="size-16 shrink-0 overflow-hidden rounded-xl bg-stone-100">
                  {i.product.image[0] && (
                    <ResponsiveImage
                      src={i.product.image[0]}
                      alt=""
                      width={64}
                      height={64}
                      sizes="64px"
                      className="size-full object-cover"
                    />
                  )}
                </div>
                <div className="min-w-40 flex-1 text-sm">
                  <p className="break-words font-semibold text-stone-900">{i.product.name}</p>
                  <p className="text-stone-600">
                    {shownOptionName(i.optionName)
                      ? t('orders.card.optionQuantityPrice', {
                          option: i.optionName,
                          quantity: i.quantity,
                          price: formatPrice(i.unitPrice * i.quantity),
                        })
                      : t('orders.card.quantityPrice', {
                          quantity: i.quantity,
                          price: formatPrice(i.unitPrice * i.quantity),
                        })}
                  </p>
                  <p className="text-stone-500">{t('orders.card.soldBy', { vendor: i.vendorName })}</p>
                  {i.status === CANCELLED && i.cancelReason && (
                    <p className="text-red-800">{t('orders.card.cancelReason', { reason: i.cancelReason })}</p>
                  )}
                </div>
                <div className="shrink-0">
                  <StatusBadge status={i.status} />
                </div>
              </li>
            ))}
          </ul>
          <dl className="grid grid-cols-2 gap-y-1 text-sm">
            <dt className="text-stone-600">{t('orders.card.items')}</dt>
            <dd className="text-right">{formatPrice(order.itemsPrice)}</dd>
            <dt className="text-stone-600">{t('orders.card.deliveryFee')}</dt>
            <dd className="text-right">{order.deliveryFee === 0 ? t('msg.free') : formatPrice(order.deliveryFee)}</dd>
            <dt className="text-stone-600">{t('orders.card.serviceFee')}</dt>
            <dd className="text-right">{formatPrice(order.serviceFee)}</dd>
            {/* Promotions: items and delivery above are before them, the total after. */}
            {order.discounts?.map((d) => (
              <div key={`${d.promotionId}:${d.target}`} className="contents" data-testid="order-discount">
                <dt className="text-brand-900">{discountLabel(d, t)}</dt>
                <dd className="text-right font-medium text-brand-900">
                  {t('orders.card.discount.amount', { amount: formatPrice(d.amount) })}
                </dd>
              </div>
            ))}
            <dt className="font-semibold">{t('orders.card.total')}</dt>
            <dd className="text-right font-semibold">{formatPrice(order.amount)}</dd>
          </dl>
          <div className="space-y-1 text-sm text-stone-700" data-testid="deliver-to">
            <p>
              <span className="font-semibold">{t('orders.card.deliverTo')}</span> {order.address.firstName}{' '}
              {order.address.lastName} · {order.address.phone}
            </p>
            <p className="break-words">{placeLine(order.address.address, order.address.city)}</p>
            <DoorDetails door={doorOf(order.address)} address={order.address.address} note={order.deliveryNote} />
          </div>
          {order.status === 'Order Delivered' && <RateRider subjectType="order" subjectId={order._id} />}
          <CancelNotice
            kind="order"
            msLeft={msLeft}
            stop={stop}
            forLaterUntil={order.slot ? (order.cancelUntil ?? null) : undefined}
          />
          {canCancel && (
            <Button variant="danger" size="sm" onClick={handleCancel} disabled={cancel.isPending}>
              {cancel.isPending ? t('orders.card.cancelling') : t('orders.card.cancel')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
