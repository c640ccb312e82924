import { DoorDetails } from '../../../components/ui/door-details';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { shownOptionName, type SellerOrderDto } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextArea } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money';
import { useConfirmOrder } from '../api/confirm-order';
import { useDeclineOrder } from '../api/decline-order';
import { useSellerOrders, type OrderScope } from '../api/get-seller-orders';
import { Card } from '../../../components/ui/card';
import { fmtTime } from '../../../lib/format-time';
import { StatusPill } from '../../../components/ui/status-pill';

const SCOPES: { key: OrderScope; label: string; empty: string }[] = [
  { key: 'active', label: 'Active', empty: 'No active orders. New orders appear here as soon as they are paid.' },
  { key: 'today', label: 'Today', empty: 'No orders today yet.' },
  { key: 'past', label: 'Past', empty: 'No past orders yet.' },
];

function DeclineDialog({ order, onClose }: { order: SellerOrderDto | null; onClose: () => void }) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const decline = useDeclineOrder();
  const handleDecline = async () => {
    if (!order) return;
    if (reason.trim().length < 3) return toast.error('Give a reason (at least 3 characters)');
    try {
      await decline.mutateAsync({ orderId: order._id, reason: reason.trim() });
      toast.success('Order Cancelled. The customer is refunded for your items.');
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
          Decline this order?
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          Your items on it become Order Cancelled and the customer is refunded for them.
        </p>
        <TextArea
          label="Reason (the customer sees it)"
          className="mt-4"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={300}
          data-autofocus
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Keep order
          </Button>
          <Button variant="danger" onClick={() => void handleDecline()} disabled={decline.isPending}>
            Decline order
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function OrderCard({ order, onDecline }: { order: SellerOrderDto; onDecline: () => void }) {
  const confirm = useConfirmOrder();
  const canConfirm = order.items.some((i) => i.status === 'Order Placed');
  const canDecline = order.items.some((i) => i.status === 'Order Placed' || i.status === 'Order Confirmed');
  const handleConfirm = async () => {
    try {
      await confirm.mutateAsync(order._id);
      toast.success('Order Confirmed');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-xs text-stone-600">
            Order #{order._id.slice(0, 8)} · {fmtTime(order.paidAt ?? order.createdAt)}
          </p>
          <p className="font-semibold">{order.customerName}</p>
          {order.customerPhone && (
            <a href={`tel:${order.customerPhone}`} className="text-sm font-medium text-brand-700 underline">
              Call {order.customerPhone}
            </a>
          )}
          {order.dropoff && <p className="text-sm text-stone-600">To: {order.dropoff}</p>}
          <DoorDetails door={order.door} address={order.dropoff} note={order.deliveryNote} />
        </div>
        <StatusPill status={order.status} />
      </div>
      <ul className="mt-3 divide-y divide-stone-100">
        {order.items.map((i) => (
          <li key={i._id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <span>
              {i.quantity} × {i.productName}
              {shownOptionName(i.optionName) && <span className="text-stone-600"> ({i.optionName})</span>}
              {i.cancelReason && <span className="block text-xs text-stone-600">Cancelled: {i.cancelReason}</span>}
            </span>
            <span className="flex items-center gap-2">
              <span className="font-medium">{formatPrice(i.unitPrice * i.quantity)}</span>
              <StatusPill status={i.status} />
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-stone-100 pt-3">
        <p className="text-sm">
          Items total <strong>{formatPrice(order.itemsTotal)}</strong>
        </p>
        <div className="flex gap-2">
          {canDecline && (
            <Button variant="outline" size="sm" onClick={onDecline}>
              Decline
            </Button>
          )}
          {canConfirm && (
            <Button size="sm" onClick={() => void handleConfirm()} disabled={confirm.isPending}>
              Confirm order
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

export function OrdersPanel() {
  const [scope, setScope] = useState<OrderScope>('active');
  const { data, isPending, isError, error, refetch } = useSellerOrders(scope);
  const [declining, setDeclining] = useState<SellerOrderDto | null>(null);
  const current = SCOPES.find((s) => s.key === scope)!;
  return (
    <div>
      <div role="group" aria-label="Which orders" className="mb-4 flex gap-2">
        {SCOPES.map((s) => (
          <button
            key={s.key}
            type="button"
            aria-pressed={scope === s.key}
            onClick={() => setScope(s.key)}
            className={`h-9 rounded-full px-4 text-sm font-semibold ${scope === s.key ? 'bg-accent-400 text-brand-950' : 'bg-white text-stone-800 ring-1 ring-stone-200'}`}
          >
            {s.label}
          </button>
        ))}
      </div>
      {isPending ? (
        <div className="space-y-3" role="status" aria-label="Loading orders">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : isError ? (
        <EmptyState message={errorMessage(error)}>
          <Button onClick={() => void refetch()}>Try again</Button>
        </EmptyState>
      ) : data.length === 0 ? (
        <EmptyState message={current.empty} />
      ) : (
        <div className="space-y-3">
          {data.map((o) => (
            <OrderCard key={o._id} order={o} onDecline={() => setDeclining(o)} />
          ))}
        </div>
      )}
      <DeclineDialog order={declining} onClose={() => setDeclining(null)} />
    </div>
  );
}
