import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { Button, buttonClass } from '../../../components/ui/button';
import { DoorDetails } from '../../../components/ui/door-details';
import { Skeleton } from '../../../components/ui/skeleton';
import { stateWord } from '../../../components/ui/status-pill';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money';
import { useOrderThread, useReleaseRider, type ThreadSubject } from '../api/order-thread';
import { useT, type MessageId } from '../../../i18n';
import { DisputePanel } from './dispute-panel';

const CALL: Record<string, MessageId<'support'>> = {
  customer: 'support.order.callCustomer',
  rider: 'support.order.callRider',
};

/**
 * The order of an order thread beside the conversation, with what support does about it one tap
 * away: call the customer or the rider, give the delivery to another rider, open the thread page,
 * settle a dispute the customer opened.
 */
export function OrderPanel({ subject }: { subject: ThreadSubject }) {
  const t = useT('support');
  const { data, isPending, isError } = useOrderThread(subject);
  const release = useReleaseRider(subject);
  const status = (s: string) => stateWord(s, (id) => t(id));
  if (isPending)
    return (
      <div className="space-y-3 p-4" role="status" aria-label={t('support.order.loading')}>
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (isError || !data) return <p className="p-4 text-sm text-red-700">{t('support.order.failed')}</p>;
  const { card } = data;
  const handleRelease = () =>
    release.mutate(undefined, {
      onSuccess: () => toast.success(t('support.order.released')),
      onError: (err) => toast.error(errorMessage(err)),
    });
  return (
    <section aria-labelledby="order-panel-title" className="space-y-4 p-4 text-sm" data-testid="support-order">
      <div>
        <h3 id="order-panel-title" className="text-xs font-bold uppercase tracking-wider text-stone-600">
          {t(card.kind === 'order' ? 'support.order.title' : 'support.order.dispatchTitle', {
            reference: card.reference,
          })}
        </h3>
        <p className="mt-1 font-semibold text-stone-900">
          {status(card.status)} · {formatPrice(card.amount)}
        </p>
      </div>
      {card.items.length > 0 && (
        <ul className="space-y-1">
          {card.items.map((i, n) => (
            <li key={n} className="flex justify-between gap-2">
              <span>{t('support.order.item', { quantity: i.quantity, name: i.name, shop: i.shop })}</span>
              <span className="shrink-0 text-stone-600">{status(i.status)}</span>
            </li>
          ))}
        </ul>
      )}
      <div>
        <p className="text-stone-700">{card.deliverTo}</p>
        <DoorDetails door={card.door} note={card.deliveryNote} />
      </div>
      <div className="flex flex-wrap gap-2">
        {data.contacts.map((c) => (
          <a key={c.role} href={`tel:${c.phone.replace(/[\s-]/g, '')}`} className={buttonClass('outline', 'sm')}>
            {t(CALL[c.role] ?? 'support.order.callCustomer', { name: c.name })}
          </a>
        ))}
        {card.status === 'Order Assigned' && (
          <Button size="sm" variant="danger" disabled={release.isPending} onClick={handleRelease}>
            {t('support.order.reassign')}
          </Button>
        )}
        <Link to={`/threads/${card.kind}/${card._id}`} className={buttonClass('ghost', 'sm')}>
          {t('support.order.open')}
        </Link>
      </div>
      {data.disputes && <DisputePanel orderId={card._id} disputes={data.disputes} />}
    </section>
  );
}
