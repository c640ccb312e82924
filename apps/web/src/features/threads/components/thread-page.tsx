import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ThreadKind, type ItemStatus, type OrderThreadDto, type ThreadRole } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { DoorDetails } from '../../../components/ui/door-details';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChevronDown, ChevronLeft } from '../../../components/ui/icons';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { ChatThread } from '../../../conversation/chat-thread';
import { useChatThread, type ThreadSource } from '../../../conversation/use-chat-thread';
import { SlotArrival } from '../../../delivery/slot-arrival';
import { useStatusLabel } from '../../../delivery/status-label';
import { TrackingTimeline } from '../../../delivery/tracking-timeline';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money';
import { markChatReadQuietly } from '../api/read';
import { ensureConnected } from '../../../lib/socket';
import { openLogin } from '../../../session/login-modal';
import { useSession } from '../../../session/session';
import { askForHelp, getOlderThreadMessages, sendThreadMessage, threadQuery, threadsQuery } from '../api/threads';
import { useT, type MessageId } from '../../../i18n';
import { ThreadDisputes } from './thread-disputes';

const ROLE_IDS: Record<ThreadRole, MessageId<'threads'>> = {
  customer: 'threads.role.customer',
  vendor: 'threads.role.vendor',
  rider: 'threads.role.rider',
  support: 'threads.role.support',
};

/** What each person taps most, one tap each (sent as typed text). */
const QUICK_REPLIES: Record<ThreadRole, MessageId<'threads'>[]> = {
  customer: ['threads.quick.atGate', 'threads.quick.comingDown', 'threads.quick.callMe'],
  vendor: ['threads.quick.ready', 'threads.quick.fiveMinutes', 'threads.quick.outOfStock'],
  rider: ['threads.quick.onMyWay', 'threads.quick.outside', 'threads.quick.callMe'],
  support: [],
};

/** /threads/:kind/:id — one order's or dispatch's conversation among its people, the order pinned on top. */
export function ThreadPage() {
  const t = useT('threads');
  const params = useParams();
  const kind = ThreadKind.safeParse(params.kind);
  const id = params.id ?? '';
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  const q = useQuery({ ...threadQuery(kind.data ?? 'order', id), enabled: !!user && kind.success });

  if (isLoading) return <RouteFallback />;
  if (!user)
    return (
      <EmptyState message={t('threads.loginPrompt')}>
        <Button onClick={() => openLogin('login')}>{t('threads.login')}</Button>
      </EmptyState>
    );
  if (!kind.success || q.isError)
    return (
      <EmptyState message={q.isError ? errorMessage(q.error) : t('threads.notFound')}>
        <Button variant="outline" onClick={() => void navigate(-1)}>
          {t('threads.back')}
        </Button>
      </EmptyState>
    );
  if (q.isPending) return <RouteFallback />;
  return (
    <ThreadView
      kind={kind.data}
      id={id}
      thread={q.data}
      self={{ id: user._id, name: user.name }}
      onBack={() => void navigate(-1)}
    />
  );
}

function ThreadView({
  kind,
  id,
  thread,
  self,
  onBack,
}: {
  kind: ThreadKind;
  id: string;
  thread: OrderThreadDto;
  self: { id: string; name: string };
  onBack: () => void;
}) {
  const t = useT('threads');
  const qc = useQueryClient();
  const [showCard, setShowCard] = useState(false);
  const me = thread.people.find((p) => p._id === self.id);
  const role: ThreadRole = me?.role ?? 'support';
  const help = useMutation({
    mutationFn: () => askForHelp(kind, id),
    onSuccess: () => qc.invalidateQueries({ queryKey: threadQuery(kind, id).queryKey }),
  });
  const source = useMemo<ThreadSource>(
    () => ({
      chatId: thread._id,
      self,
      loadLatest: async () => {
        const fresh = await qc.fetchQuery({ ...threadQuery(kind, id), staleTime: 0 });
        return { chatId: fresh._id, messages: fresh.messages, hasMore: fresh.hasMore };
      },
      loadOlder: (_chatId, before) => getOlderThreadMessages(kind, id, before),
      send: ({ message, file }) => sendThreadMessage(kind, id, message, file),
      onSeen: (chatId) => {
        markChatReadQuietly(chatId);
        void qc.invalidateQueries({ queryKey: threadsQuery.queryKey });
      },
    }),
    // One source per thread and person; qc is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [thread._id, self.id, kind, id],
  );
  const chat = useChatThread(source);

  // The card follows the order: a status change, the rider at the door, a reconnection.
  useEffect(() => {
    const socket = ensureConnected();
    const refresh = () => void qc.invalidateQueries({ queryKey: threadQuery(kind, id).queryKey });
    socket.on('order.updated', refresh);
    socket.on('dispatch.updated', refresh);
    socket.on('rider.arrived', refresh);
    return () => {
      socket.off('order.updated', refresh);
      socket.off('dispatch.updated', refresh);
      socket.off('rider.arrived', refresh);
    };
  }, [qc, kind, id]);

  const others = thread.people.filter((p) => p._id !== self.id);
  return (
    <section
      aria-labelledby="thread-title"
      className="mx-auto flex h-[calc(100dvh-4rem)] w-full max-w-3xl flex-col bg-white sm:h-[calc(100dvh-5rem)]"
    >
      <header className="flex items-center gap-2 border-b border-stone-200 px-3 py-2">
        <button
          type="button"
          onClick={onBack}
          aria-label={t('threads.back')}
          className="grid size-9 place-items-center rounded-full hover:bg-stone-100"
        >
          <ChevronLeft size={20} />
        </button>
        <div className="min-w-0 flex-1">
          <h1 id="thread-title" className="truncate text-base font-semibold">
            {t(kind === 'order' ? 'threads.title.order' : 'threads.title.dispatch', {
              reference: thread.card.reference,
            })}
          </h1>
          <p className="truncate text-xs text-stone-600" data-testid="thread-people">
            {others.map((p) => t('threads.person', { name: p.name, role: t(ROLE_IDS[p.role]) })).join(' · ')}
          </p>
        </div>
        {role === 'customer' && !thread.helpRequested && !thread.readOnly && (
          <Button size="sm" variant="outline" disabled={help.isPending} onClick={() => help.mutate()}>
            {t('threads.askSupport')}
          </Button>
        )}
      </header>
      <PinnedCard thread={thread} open={showCard} onToggle={() => setShowCard((v) => !v)} />
      {thread.disputes && (
        <ThreadDisputes
          orderId={thread.card._id}
          disputes={thread.disputes}
          role={role}
          onReported={() => void chat.refresh()}
        />
      )}
      {help.isError && (
        <p role="alert" className="bg-red-50 px-4 py-2 text-sm text-red-800">
          {errorMessage(help.error)}
        </p>
      )}
      {atTheDoor(thread) && (
        <p className="bg-accent-100 px-4 py-2 text-sm font-semibold text-brand-950" role="status">
          {t('threads.arrived')}
        </p>
      )}
      {thread.helpRequested && (
        <p className="bg-brand-50 px-4 py-2 text-xs text-brand-900" role="status">
          {t('threads.supportJoined')}
        </p>
      )}
      <ChatThread
        thread={chat}
        self={self}
        composerDisabled={thread.readOnly}
        empty={<p className="mt-6 text-center text-sm text-stone-600">{t('threads.empty')}</p>}
      />
      {thread.readOnly ? (
        <p className="border-t border-stone-200 bg-stone-100 px-4 py-3 text-center text-sm text-stone-700">
          {t('threads.closed')}
        </p>
      ) : (
        QUICK_REPLIES[role].length > 0 && (
          <div
            className="flex gap-2 overflow-x-auto border-t border-stone-100 px-3 py-2"
            aria-label={t('threads.quick')}
          >
            {QUICK_REPLIES[role].map((reply) => (
              <button
                key={reply}
                type="button"
                disabled={chat.status !== 'ready' || chat.sending}
                onClick={() => chat.send(t(reply), null)}
                className="shrink-0 rounded-full border border-brand-800 px-3 py-1 text-xs font-semibold text-brand-800 disabled:opacity-50"
              >
                {t(reply)}
              </button>
            ))}
          </div>
        )
      )}
    </section>
  );
}

/** The rider tapped "I have arrived" and the parcel is not handed over yet. */
const atTheDoor = (thread: OrderThreadDto) =>
  thread.card.status === 'Order Picked' && thread.card.timeline.some((s) => s.key === 'arrived' && s.at);

/** The order pinned at the top: status and total at a glance, the items, the door and the timeline on a tap. */
function PinnedCard({ thread, open, onToggle }: { thread: OrderThreadDto; open: boolean; onToggle: () => void }) {
  const t = useT('threads');
  const statusLabel = useStatusLabel();
  const { card } = thread;
  return (
    <div className="border-b border-stone-200 bg-stone-50" data-testid="thread-card">
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        className="flex w-full items-center justify-between gap-3 px-4 py-2 text-left text-sm"
      >
        <span className="font-semibold text-brand-900">{statusLabel(card.status as ItemStatus)}</span>
        <span className="flex items-center gap-2 text-stone-700">
          {t('threads.card.total', { amount: formatPrice(card.amount) })}
          <ChevronDown size={16} className={open ? 'rotate-180' : ''} />
        </span>
      </button>
      {open && (
        <div className="max-h-[40dvh] space-y-3 overflow-y-auto px-4 pb-3 text-sm">
          {card.items.length > 0 && (
            <ul className="space-y-1">
              {card.items.map((i, n) => (
                <li key={n} className="flex justify-between gap-3">
                  <span>{t('threads.card.item', { quantity: i.quantity, name: i.name, shop: i.shop })}</span>
                  <span className="shrink-0 text-stone-700">{formatPrice(i.price * i.quantity)}</span>
                </li>
              ))}
            </ul>
          )}
          <div>
            {card.slot && <SlotArrival slot={card.slot} className="block font-medium text-stone-900" />}
            <p className="text-stone-700">{card.deliverTo}</p>
            <DoorDetails door={card.door} note={card.deliveryNote} />
          </div>
          <TrackingTimeline tracking={{ timeline: card.timeline }} />
        </div>
      )}
    </div>
  );
}
