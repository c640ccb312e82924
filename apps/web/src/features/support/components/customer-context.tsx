import { FORMAT_LOCALE, TIME_ZONE } from '@jara/shared';
import { DoorDetails } from '../../../components/ui/door-details';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatPrice } from '../../../lib/money';
import { dayLabel, timeLabel } from '../../../conversation/chat-format';
import { useChatContext } from '../api/get-chat-context';
import { stateWord } from '../../../components/ui/status-pill';
import { useT } from '../../../i18n';

const when = (iso: string) => `${dayLabel(iso)}, ${timeLabel(iso)}`;
const MONTH = new Intl.DateTimeFormat(FORMAT_LOCALE, { timeZone: TIME_ZONE, month: 'short', year: 'numeric' });

/** The customer's recent orders and dispatches, so "where is my order" needs no questions back. */
export function CustomerContext({ chatId }: { chatId: string }) {
  const t = useT('support');
  const { data, isPending, isError } = useChatContext(chatId);
  const status = (s: string) => stateWord(s, (id) => t(id));
  if (isPending) {
    return (
      <div className="space-y-3 p-4" role="status" aria-label={t('support.context.loading')}>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (isError || !data) return <p className="p-4 text-sm text-red-700">{t('support.context.failed')}</p>;
  return (
    <div className="space-y-5 p-4 text-sm">
      <section aria-labelledby="ctx-customer">
        <h3 id="ctx-customer" className="text-xs font-bold uppercase tracking-wider text-stone-600">
          {t('support.context.customer')}
        </h3>
        <p className="mt-1 font-semibold text-stone-900">{data.customer.name}</p>
        <p className="break-all text-stone-700">{data.customer.email}</p>
        <p className="text-xs text-stone-500">
          {t('support.context.memberSince', { month: MONTH.format(new Date(data.customer.memberSince)) })}
        </p>
      </section>
      <section aria-labelledby="ctx-orders">
        <h3 id="ctx-orders" className="text-xs font-bold uppercase tracking-wider text-stone-600">
          {t('support.context.orders')}
        </h3>
        {data.orders.length === 0 ? (
          <p className="mt-1 text-stone-600">{t('support.context.noOrders')}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {data.orders.map((o) => (
              <li key={o._id} className="rounded-xl border border-stone-200 bg-white p-3">
                <p className="flex justify-between gap-2">
                  <span className="font-semibold text-brand-900">{status(o.status)}</span>
                  <span className="font-semibold">{formatPrice(o.amount)}</span>
                </p>
                <p className="text-xs text-stone-600">
                  #{o._id.slice(0, 8)} · {when(o.createdAt)}
                </p>
                {o.deliverTo && (
                  <p className="break-words text-xs text-stone-700">
                    {t('support.context.to', { place: o.deliverTo })}
                  </p>
                )}
                <DoorDetails door={o.door} note={o.deliveryNote} />
                <ul className="mt-1 text-xs text-stone-700">
                  {o.items.map((i, n) => (
                    <li key={n}>
                      {i.quantity} × {i.name} <span className="text-stone-500">({status(i.status)})</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="ctx-dispatches">
        <h3 id="ctx-dispatches" className="text-xs font-bold uppercase tracking-wider text-stone-600">
          {t('support.context.dispatches')}
        </h3>
        {data.dispatches.length === 0 ? (
          <p className="mt-1 text-stone-600">{t('support.context.noDispatches')}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {data.dispatches.map((d) => (
              <li key={d._id} className="rounded-xl border border-stone-200 bg-white p-3">
                <p className="flex justify-between gap-2">
                  <span className="font-semibold text-brand-900">{status(d.status)}</span>
                  <span>
                    {t('support.context.fee', {
                      fee: formatPrice(d.deliveryFee),
                      express: d.isExpress ? 'yes' : 'no',
                    })}
                  </span>
                </p>
                <p className="text-xs text-stone-600">
                  #{d._id.slice(0, 8)} · {when(d.createdAt)}
                </p>
                {d.dropoff && <p className="text-xs text-stone-700">{t('support.context.to', { place: d.dropoff })}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
