import { DoorDetails } from '../../../components/ui/door-details';
import { CampusMap } from '../../../map';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { formatDayTime, formatShortDay, formatTime, shownOptionName, type SellerOrderDto } from '@jara/shared';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextArea } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money';
import { useConfirmOrder, useReadyOrder } from '../api/confirm-order';
import { PushPrompt } from '../../../delivery/push-prompt';
import { SlotArrival, slotDay } from '../../../delivery/slot-arrival';
import { useDeclineOrder } from '../api/decline-order';
import { BatchTag } from './batch-tag';
import { useSellerOrders, type OrderScope } from '../api/get-seller-orders';
import { Card } from '../../../components/ui/card';
import { StatusPill } from '../../../components/ui/status-pill';
import { Trans, useT, type MessageId } from '../../../i18n';

const SCOPES: { key: OrderScope; label: MessageId<'seller'>; empty: MessageId<'seller'> }[] = [
  { key: 'active', label: 'seller.orders.scope.active', empty: 'seller.orders.empty.active' },
  { key: 'today', label: 'seller.orders.scope.today', empty: 'seller.orders.empty.today' },
  { key: 'past', label: 'seller.orders.scope.past', empty: 'seller.orders.empty.past' },
];

function DeclineDialog({ order, onClose }: { order: SellerOrderDto | null; onClose: () => void }) {
  const t = useT('seller');
  const titleId = useId();
  const [reason, setReason] = useState('');
  const decline = useDeclineOrder();
  const handleDecline = async () => {
    if (!order) return;
    if (reason.trim().length < 3) return toast.error(t('seller.decline.reasonRequired'));
    try {
      await decline.mutateAsync({ orderId: order._id, reason: reason.trim() });
      toast.success(t('seller.decline.done'));
      setReason('');
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Modal open={order !== null} onClose={onClose} labelledBy={titleId} className="max-w-md">
      <div className="p-5">
        <h2 id={titleId} className="text-xl font-bold">
          {t('seller.decline.title')}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t('seller.decline.explain')}</p>
        <TextArea
          label={t('seller.decline.reason')}
          className="mt-4"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={300}
          data-autofocus
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('seller.decline.keep')}
          </Button>
          <Button variant="danger" onClick={() => void handleDecline()} disabled={decline.isPending}>
            {t('seller.decline.submit')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** The door's pin on a small map, opened by a tap: a vendor's list of cards does not load a map each. */
function DoorPinMap({ order }: { order: SellerOrderDto }) {
  const t = useT('seller');
  const [open, setOpen] = useState(false);
  const point = order.doorPoint;
  if (!point) return null;
  return (
    <div className="mt-2">
      <button
        type="button"
        className="text-sm font-medium text-brand-700 underline"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {t(open ? 'seller.orders.hideMap' : 'seller.orders.showMap')}
      </button>
      {open && (
        <CampusMap
          still
          className="mt-2"
          height={160}
          label={t('seller.orders.mapLabel', { place: order.dropoff })}
          fit={[point]}
          markers={[{ id: 'door', kind: 'door', label: t('seller.orders.door'), ...point }]}
        />
      )}
    </div>
  );
}

/** An order for later: when to start preparing it (while that is to come) and when it arrives. */
function SlotTimes({ slot }: { slot: NonNullable<SellerOrderDto['slot']> }) {
  const t = useT('seller');
  const time = formatTime(slot.prepareAt);
  const day = slotDay(slot.prepareAt);
  return (
    <p className="mt-1 text-sm" data-testid="order-slot">
      {slot.upcoming && (
        <span className="block font-semibold text-accent-700">
          {day === 'today'
            ? t('seller.orders.prepareAt', { time })
            : day === 'tomorrow'
              ? t('seller.orders.prepareAtTomorrow', { time })
              : t('seller.orders.prepareAtOn', { day: formatShortDay(slot.prepareAt), time })}
        </span>
      )}
      <SlotArrival slot={slot} className="block font-medium text-brand-900" />
    </p>
  );
}

function OrderCard({ order, onDecline }: { order: SellerOrderDto; onDecline: () => void }) {
  const t = useT('seller');
  const confirm = useConfirmOrder();
  const ready = useReadyOrder();
  const canConfirm = order.items.some((i) => i.status === 'Order Placed');
  // Confirmed and not yet collected: the shop can say it is ready, once.
  const canSayReady =
    !order.readyAt && order.items.some((i) => i.status === 'Order Confirmed' || i.status === 'Order Assigned');
  const handleReady = async () => {
    try {
      await ready.mutateAsync(order._id);
      toast.success(t('seller.orders.readySaid'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  // What fell on this shop's lines: a platform offer on the delivery fee touches none of them.
  const discounts = order.discounts?.filter((d) => d.amount > 0) ?? [];
  const canDecline = order.items.some((i) => i.status === 'Order Placed' || i.status === 'Order Confirmed');
  const handleConfirm = async () => {
    try {
      await confirm.mutateAsync(order._id);
      toast.success(t('seller.orders.confirmed'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-xs text-stone-600">
            {t('seller.orders.number', {
              number: order._id.slice(0, 8),
              time: formatDayTime(order.paidAt ?? order.createdAt),
            })}
          </p>
          <p className="font-semibold">{order.customerName}</p>
          {order.slot && <SlotTimes slot={order.slot} />}
          <BatchTag batch={order.batch} />
          {order.customerPhone && (
            <a href={`tel:${order.customerPhone}`} className="text-sm font-medium text-brand-700 underline">
              {t('seller.orders.call', { phone: order.customerPhone })}
            </a>
          )}
          {order.dropoff && <p className="text-sm text-stone-600">{t('seller.orders.to', { place: order.dropoff })}</p>}
          <DoorDetails door={order.door} address={order.dropoff} note={order.deliveryNote} />
          <DoorPinMap order={order} />
        </div>
        <StatusPill status={order.status} />
      </div>
      <ul className="mt-3 divide-y divide-stone-100">
        {order.items.map((i) => (
          <li key={i._id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span>
              {i.quantity} × {i.productName}
              {shownOptionName(i.optionName) && <span className="text-stone-600"> ({i.optionName})</span>}
              {i.cancelReason && (
                <span className="block text-xs text-stone-600">
                  {t('seller.orders.itemCancelled', { reason: i.cancelReason })}
                </span>
              )}
            </span>
            <span className="flex items-center gap-2">
              <span className="font-medium">{formatPrice(i.unitPrice * i.quantity)}</span>
              <StatusPill status={i.status} />
            </span>
          </li>
        ))}
      </ul>
      {discounts.length > 0 && (
        <ul className="mt-2 space-y-1 rounded-xl bg-brand-50 p-2.5 text-sm" aria-label={t('seller.orders.discounts')}>
          {discounts.map((d) => (
            <li key={`${d.promotionId}:${d.target}`} data-testid="seller-order-discount">
              <span className="flex justify-between gap-3">
                <span className="min-w-0 break-words font-medium text-brand-900">
                  {d.code ? t('seller.orders.discount.withCode', { code: d.code, title: d.title }) : d.title}
                </span>
                <span className="shrink-0 font-semibold text-brand-900">
                  {t('seller.orders.discount.amount', { amount: formatPrice(d.amount) })}
                </span>
              </span>
              <span className="block text-xs text-stone-700">
                {d.fundedBy === 'vendor' ? t('seller.orders.discount.byShop') : t('seller.orders.discount.byJara')}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3">
        <p className="text-sm">
          <Trans
            area="seller"
            id="seller.orders.itemsTotal"
            values={{ amount: formatPrice(order.itemsTotal) }}
            components={{ total: <strong /> }}
          />
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={`/threads/order/${order._id}`} className={buttonClass('ghost', 'sm')}>
            {t('seller.orders.chat')}
          </Link>
          {canDecline && (
            <Button variant="outline" size="sm" onClick={onDecline}>
              {t('seller.orders.decline')}
            </Button>
          )}
          {canConfirm && (
            <Button size="sm" onClick={() => void handleConfirm()} disabled={confirm.isPending}>
              {t('seller.orders.confirm')}
            </Button>
          )}
          {canSayReady && (
            <Button size="sm" variant="accent" onClick={() => void handleReady()} disabled={ready.isPending}>
              {t('seller.orders.ready')}
            </Button>
          )}
          {order.readyAt && (
            <span className="self-center text-sm font-semibold text-brand-800">{t('seller.orders.readyShown')}</span>
          )}
        </div>
      </div>
    </Card>
  );
}

/** Whose preparation is still to come, soonest first. */
const byPrepareAt = (a: SellerOrderDto, b: SellerOrderDto) =>
  Date.parse(a.slot?.prepareAt ?? '') - Date.parse(b.slot?.prepareAt ?? '');

/**
 * Orders for later whose preparation is still to come on top, under "Upcoming", by when to start
 * them; the rest below, as the server lists them.
 */
function OrderGroups({ orders, onDecline }: { orders: SellerOrderDto[]; onDecline: (o: SellerOrderDto) => void }) {
  const t = useT('seller');
  const headingId = useId();
  const upcoming = orders.filter((o) => o.slot?.upcoming).sort(byPrepareAt);
  const rest = orders.filter((o) => !o.slot?.upcoming);
  const cards = (list: SellerOrderDto[]) =>
    list.map((o) => <OrderCard key={o._id} order={o} onDecline={() => onDecline(o)} />);
  return (
    <div className="space-y-6">
      {upcoming.length > 0 && (
        <section aria-labelledby={headingId} data-testid="upcoming-orders">
          <h2 id={headingId} className="text-lg font-bold">
            {t('seller.orders.upcoming')}
          </h2>
          <p className="mb-3 text-sm text-stone-600">{t('seller.orders.upcomingHint')}</p>
          <div className="space-y-3">{cards(upcoming)}</div>
        </section>
      )}
      {rest.length > 0 && <div className="space-y-3">{cards(rest)}</div>}
    </div>
  );
}

export function OrdersPanel() {
  const t = useT('seller');
  const [scope, setScope] = useState<OrderScope>('active');
  const { data, isPending, isError, error, refetch } = useSellerOrders(scope);
  const [declining, setDeclining] = useState<SellerOrderDto | null>(null);
  const current = SCOPES.find((s) => s.key === scope)!;
  return (
    <div>
      <div role="group" aria-label={t('seller.orders.scope.label')} className="mb-4 flex gap-2">
        {SCOPES.map((s) => (
          <button
            key={s.key}
            type="button"
            aria-pressed={scope === s.key}
            onClick={() => setScope(s.key)}
            className={`h-9 rounded-full px-4 text-sm font-semibold ${scope === s.key ? 'bg-accent-400 text-brand-950' : 'bg-white text-stone-800 ring-1 ring-stone-200'}`}
          >
            {t(s.label)}
          </button>
        ))}
      </div>
      {isPending ? (
        <div className="space-y-3" role="status" aria-label={t('seller.orders.loading')}>
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : isError ? (
        <EmptyState message={errorMessage(error)}>
          <Button onClick={() => void refetch()}>{t('seller.tryAgain')}</Button>
        </EmptyState>
      ) : data.length === 0 ? (
        <EmptyState message={t(current.empty)} />
      ) : (
        <OrderGroups orders={data} onDecline={setDeclining} />
      )}
      <PushPrompt what="shop" className="mt-6" />
      <DeclineDialog order={declining} onClose={() => setDeclining(null)} />
    </div>
  );
}
