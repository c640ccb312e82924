import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DISPATCH_STATUSES,
  ITEM_STATUSES,
  doorOf,
  koboToNaira,
  nairaToKobo,
  placeLine,
  shownOptionName,
  type AdminOrderDetail,
  type StatusEventDto,
  type AdminOrdersQuery,
} from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { DoorDetails } from '../../../components/ui/door-details';
import { EmptyState } from '../../../components/ui/empty-state';
import { inputClass } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money';
import { useAdminDispatch, useAdminDispatches } from '../api/get-dispatches';
import { useAdminOrder } from '../api/get-order';
import { useAdminOrders } from '../api/get-orders';
import { RefundDialog, type RefundTarget } from './refund-dialog';
import { Card } from '../../../components/ui/card';
import { fmtTime } from '../../../lib/format-time';
import { StatusPill, stateWord } from '../../../components/ui/status-pill';
import { SlotArrival } from '../../../delivery/slot-arrival';
import { BatchTag } from './batch-tag';
import { Trans, useT, type MessageId, type Translate } from '../../../i18n';

/** A line not paid yet shows its payment's state: said as what happened to the payment. */
const UNPAID: Record<string, MessageId<'admin'>> = {
  awaiting: 'admin.unpaid.awaiting',
  failed: 'admin.unpaid.failed',
  abandoned: 'admin.unpaid.abandoned',
};
/** The pill's words for a line not paid yet; none for a paid one (the pill names its status). */
const unpaidLabel = (t: Translate<'admin'>, status: string) => {
  const id = UNPAID[status];
  return id ? t(id) : undefined;
};

function Filters({
  value,
  onChange,
  statuses,
}: {
  value: AdminOrdersQuery;
  onChange: (f: AdminOrdersQuery) => void;
  /** Only the statuses these records can be in. */
  statuses: readonly string[];
}) {
  const t = useT('admin');
  return (
    <div className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
      <label className="col-span-2 sm:col-span-1">
        <span className="sr-only">{t('admin.filters.search')}</span>
        <input
          type="search"
          className={inputClass}
          placeholder={t('admin.filters.searchHint')}
          value={value.q}
          onChange={(e) => onChange({ ...value, q: e.target.value })}
        />
      </label>
      <label>
        <span className="sr-only">{t('admin.filters.status')}</span>
        <select
          className={inputClass}
          value={value.status}
          onChange={(e) => onChange({ ...value, status: e.target.value })}
        >
          <option value="">{t('admin.filters.anyStatus')}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {stateWord(s, (id) => t(id))}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="sr-only">{t('admin.filters.from')}</span>
        <input
          type="date"
          className={inputClass}
          value={value.from}
          onChange={(e) => onChange({ ...value, from: e.target.value })}
          aria-label={t('admin.filters.fromDate')}
        />
      </label>
      <label>
        <span className="sr-only">{t('admin.filters.to')}</span>
        <input
          type="date"
          className={inputClass}
          value={value.to}
          onChange={(e) => onChange({ ...value, to: e.target.value })}
          aria-label={t('admin.filters.toDate')}
        />
      </label>
    </div>
  );
}

function History({ events }: { events: StatusEventDto[] }) {
  const t = useT('admin');
  if (!events.length) return <p className="text-sm text-stone-600">{t('admin.history.empty')}</p>;
  return (
    <ol className="space-y-1 text-sm">
      {events.map((e, i) => (
        <li key={i} className="flex flex-wrap gap-2">
          <span className="text-stone-600">{fmtTime(e.createdAt)}</span>
          <StatusPill status={e.status} />
          <span>{e.actorName ?? t('admin.history.system')}</span>
          {e.note && <span className="text-stone-600">— {e.note}</span>}
        </li>
      ))}
    </ol>
  );
}

/**
 * What a refund would give back (naira), as the server reckons it: an item's price × quantity, or
 * the rest of the order, never more than what remains of the paid payment.
 */
function refundAmount(order: AdminOrderDetail, item?: AdminOrderDetail['items'][number]): number {
  const paid = order.payments.find((p) => p.state === 'paid');
  const leftKobo = paid ? nairaToKobo(paid.amount) - nairaToKobo(paid.refunded) : 0;
  const kobo = item ? Math.min(leftKobo, nairaToKobo(item.unitPrice) * item.quantity) : leftKobo;
  return koboToNaira(Math.max(0, kobo));
}

function OrderDetail({ id }: { id: string }) {
  const t = useT('admin');
  const { data, isPending, isError, error } = useAdminOrder(id);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);
  const handleRefund = (item?: AdminOrderDetail['items'][number]) => {
    if (!data) return;
    setRefunding({
      orderId: id,
      item: item ? { _id: item._id, name: item.productName } : undefined,
      amount: refundAmount(data, item),
    });
  };
  if (isPending) return <Skeleton className="h-48" />;
  if (isError) return <p className="text-sm text-red-700">{errorMessage(error)}</p>;
  const text = (k: string) => (typeof data.address[k] === 'string' ? (data.address[k] as string) : '');
  return (
    <div className="mt-3 space-y-3 border-t border-stone-100 pt-3 text-sm">
      <p>
        {t('admin.order.who', {
          name: data.customer?.name ?? '',
          email: data.customer?.email ?? '',
          place: placeLine(text('address'), text('city')),
          rider: data.rider?.name ?? '—',
          locked: data.locked ? 'yes' : 'no',
        })}
      </p>
      <DoorDetails door={doorOf(data.address)} address={text('address')} note={data.deliveryNote} />
      <ul className="divide-y divide-stone-100">
        {data.items.map((i) => (
          <li key={i._id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
            <span>
              {i.quantity} × {i.productName}
              {shownOptionName(i.optionName) ? ` (${i.optionName})` : ''} · {formatPrice(i.unitPrice * i.quantity)}
              {i.cancelReason ? ` · ${i.cancelReason}` : ''}
            </span>
            <span className="flex items-center gap-2">
              <StatusPill status={i.status} />
              {i.status !== 'Order Cancelled' && (
                <Button size="sm" variant="ghost" onClick={() => handleRefund(i)}>
                  {t('admin.refund.item')}
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      <p>
        {t('admin.order.totals', {
          items: formatPrice(data.itemsTotal),
          delivery: formatPrice(data.deliveryFee),
          service: formatPrice(data.serviceFee),
          paid: formatPrice(data.amount),
        })}
      </p>
      {data.payments.map((p) => (
        <p key={p._id} className="break-words">
          {t('admin.order.payment', {
            reference: p.reference,
            provider: p.provider,
            state: stateWord(p.state, (id) => t(id)),
            refunded: formatPrice(p.refunded),
          })}
        </p>
      ))}
      {data.refunds.length > 0 && (
        <ul>
          {data.refunds.map((r) => (
            <li key={r._id}>
              {t('admin.order.refund', {
                amount: formatPrice(r.amount),
                state: stateWord(r.state, (id) => t(id)),
                reason: r.reason,
              })}
            </li>
          ))}
        </ul>
      )}
      <h4 className="font-semibold">{t('admin.history.title')}</h4>
      <History events={data.history} />
      <Button size="sm" variant="danger" onClick={() => handleRefund()}>
        {t('admin.refund.rest')}
      </Button>
      {refunding && <RefundDialog target={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}

const NO_FILTERS: AdminOrdersQuery = { q: '', status: '', from: '', to: '' };

/** `?open=<id>` (a link from the refund and dispute queues): that order or dispatch, found and opened. */
function useOpenedFromLink() {
  const [params] = useSearchParams();
  const linked = params.get('open');
  const filters = useState<AdminOrdersQuery>(() => (linked ? { ...NO_FILTERS, q: linked } : NO_FILTERS));
  const open = useState<string | null>(linked);
  return [filters, open] as const;
}

export function AdminOrdersPanel() {
  const t = useT('admin');
  const [[f, setF], [open, setOpen]] = useOpenedFromLink();
  const { data, isPending, isError, error } = useAdminOrders(f);
  return (
    <div>
      <Filters value={f} onChange={setF} statuses={ITEM_STATUSES} />
      {isPending ? (
        <Skeleton className="h-48" />
      ) : isError ? (
        <EmptyState message={errorMessage(error)} />
      ) : data.length === 0 ? (
        <EmptyState message={t('admin.orders.empty')} />
      ) : (
        <ul className="space-y-2">
          {data.map((o) => (
            <li key={o._id}>
              <Card>
                <button
                  type="button"
                  className="flex w-full flex-wrap items-center justify-between gap-2 text-left"
                  aria-expanded={open === o._id}
                  onClick={() => setOpen(open === o._id ? null : o._id)}
                >
                  <span>
                    <Trans
                      area="admin"
                      id="admin.orders.row"
                      values={{
                        ref: o._id.slice(0, 8),
                        customer: o.customerName,
                        when: fmtTime(o.paidAt ?? o.createdAt),
                        amount: formatPrice(o.amount),
                        locked: o.locked ? 'yes' : 'no',
                      }}
                      components={{ id: <span className="font-semibold" /> }}
                    />
                    {o.slot && <SlotArrival slot={o.slot} className="block text-sm font-medium text-brand-900" />}
                    <BatchTag batch={o.batch} />
                  </span>
                  <StatusPill status={o.status} label={unpaidLabel(t, o.status)} />
                </button>
                {open === o._id && <OrderDetail id={o._id} />}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DispatchDetail({ id }: { id: string }) {
  const t = useT('admin');
  const { data, isPending } = useAdminDispatch(id);
  if (isPending || !data) return <Skeleton className="h-24" />;
  return (
    <div className="mt-3 space-y-2 border-t border-stone-100 pt-3 text-sm">
      <p>
        {t('admin.dispatch.route', {
          pickup: data.pickup,
          dropoff: data.dropoff,
          rider: data.riderName ?? '—',
          locked: data.locked ? 'yes' : 'no',
        })}
      </p>
      {data.payments.map((p) => (
        <p key={p._id} className="break-words">
          {t('admin.dispatch.payment', {
            reference: p.reference,
            state: stateWord(p.state, (id) => t(id)),
            refunded: formatPrice(p.refunded),
          })}
        </p>
      ))}
      <h4 className="font-semibold">{t('admin.history.title')}</h4>
      <History events={data.history} />
    </div>
  );
}

export function AdminDispatchesPanel() {
  const t = useT('admin');
  const [[f, setF], [open, setOpen]] = useOpenedFromLink();
  const { data, isPending, isError, error } = useAdminDispatches(f);
  return (
    <div>
      <Filters value={f} onChange={setF} statuses={DISPATCH_STATUSES} />
      {isPending ? (
        <Skeleton className="h-48" />
      ) : isError ? (
        <EmptyState message={errorMessage(error)} />
      ) : data.length === 0 ? (
        <EmptyState message={t('admin.dispatches.empty')} />
      ) : (
        <ul className="space-y-2">
          {data.map((d) => (
            <li key={d._id}>
              <Card>
                <button
                  type="button"
                  className="flex w-full flex-wrap items-center justify-between gap-2 text-left"
                  aria-expanded={open === d._id}
                  onClick={() => setOpen(open === d._id ? null : d._id)}
                >
                  <span>
                    <Trans
                      area="admin"
                      id="admin.dispatches.row"
                      values={{
                        ref: d._id.slice(0, 8),
                        express: d.isExpress ? 'yes' : 'no',
                        customer: d.customerName,
                        when: fmtTime(d.paidAt ?? d.createdAt),
                        amount: formatPrice(d.amount),
                      }}
                      components={{ id: <span className="font-semibold" /> }}
                    />
                  </span>
                  <StatusPill status={d.status} label={unpaidLabel(t, d.status)} />
                </button>
                {open === d._id && <DispatchDetail id={d._id} />}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
