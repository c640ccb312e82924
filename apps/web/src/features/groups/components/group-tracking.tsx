import type { OrderDto } from '@jara/shared';
import { useStatusLabel } from '../../../delivery/status-label';
import { TrackingTimeline } from '../../../delivery/tracking-timeline';
import { formatPrice } from '../../../lib/money';
import { useT } from '../../../i18n';

/**
 * The order the group became, as every member in it follows it: its status and timeline, what is
 * in it, and the delivery code (any of them may meet the rider at the door).
 */
export function GroupTracking({ order }: { order: OrderDto }) {
  const t = useT('groups');
  const statusLabel = useStatusLabel();
  return (
    <section
      aria-label={t('groups.order.title')}
      className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-brand-900">{t('groups.order.title')}</h2>
        <span
          className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-900"
          data-testid="order-status"
        >
          {statusLabel(order.status)}
        </span>
      </div>
      <p className="mt-1 text-sm text-stone-600">{t('groups.order.number', { number: order._id.slice(0, 8) })}</p>
      {order.deliveryCode && (
        <div className="mt-3">
          <p className="text-sm font-semibold text-stone-800">{t('groups.order.code')}</p>
          <p className="mt-1 font-mono text-3xl font-bold tracking-[0.4em] text-brand-900" data-testid="delivery-code">
            {order.deliveryCode}
          </p>
        </div>
      )}
      <ul className="mt-3 space-y-1 text-sm" aria-label={t('groups.order.items')}>
        {order.items.map((i) => (
          <li key={i._id} className="flex justify-between gap-3">
            <span>
              {t('groups.member.line', { quantity: i.quantity, name: i.product.name })}
              {i.status === 'Order Cancelled' && <span className="text-stone-500"> · {statusLabel(i.status)}</span>}
            </span>
            <span className="font-semibold">{formatPrice(i.unitPrice * i.quantity)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <TrackingTimeline tracking={order} />
      </div>
    </section>
  );
}
