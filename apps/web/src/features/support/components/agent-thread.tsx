import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatStatus } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { ChevronLeft } from '../../../components/ui/icons';
import { ChatThread } from '../../../conversation/chat-thread';
import { useChatThread, type ThreadSource } from '../../../conversation/use-chat-thread';
import { getSupportChat, markSupportChatRead } from '../api/get-support-chat';
import { replyToChat } from '../api/reply-to-chat';
import { useSetChatStatus } from '../api/set-chat-status';
import { useChatContext } from '../api/get-chat-context';
import { CustomerContext } from './customer-context';
import { OrderPanel } from './order-panel';
import type { ThreadSubject } from '../api/order-thread';
import { useT } from '../../../i18n';

interface Props {
  chatId: string;
  self: { id: string; name: string };
  customerName: string;
  customerEmail: string;
  status: ChatStatus;
  /** The order or dispatch of an order thread (null for a support conversation). */
  subject: ThreadSubject | null;
  onBack: () => void;
}

/** One conversation for an agent: the thread, resolve/reopen, and the customer's orders beside it. */
export function AgentThread({ chatId, self, customerName, customerEmail, status, subject, onBack }: Props) {
  const t = useT('support');
  const qc = useQueryClient();
  const [showContext, setShowContext] = useState(false);
  const setStatus = useSetChatStatus(chatId);
  const source = useMemo<ThreadSource>(
    () => ({
      chatId,
      self,
      loadLatest: async () => {
        const chat = await getSupportChat(chatId);
        return { chatId: chat._id, messages: chat.messages, hasMore: chat.hasMore };
      },
      loadOlder: async (id, before) => {
        const chat = await getSupportChat(id, before);
        return { messages: chat.messages, hasMore: chat.hasMore };
      },
      send: ({ message, file }) => replyToChat(chatId, message, file),
      onSeen: (id) => {
        markSupportChatRead(id)
          .then(() => qc.invalidateQueries({ queryKey: ['support', 'chats'] }))
          .catch((err: unknown) => console.error(err));
      },
    }),
    [chatId, self, qc],
  );
  const thread = useChatThread(source);
  const resolved = status === 'resolved';
  // A conversation opened by link may not be in the filtered list: its context still names the customer.
  const known = useChatContext(chatId).data?.customer;
  const shownName = customerName || known?.name || t('support.thread.untitled');
  const shownEmail = customerEmail || known?.email || '';

  return (
    <div className="flex min-h-0 flex-1">
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        {/* On a phone the buttons take a second row rather than squeeze the customer's name. */}
        <header className="flex flex-wrap items-center gap-2 border-b border-stone-200 bg-white px-3 py-2">
          <button
            type="button"
            onClick={onBack}
            aria-label={t('support.thread.back')}
            className="grid size-9 place-items-center rounded-full hover:bg-stone-100 lg:hidden"
          >
            <ChevronLeft size={20} />
          </button>
          <div className="min-w-40 flex-1">
            <h2 className="truncate text-base font-semibold" title={shownName}>
              {shownName}
            </h2>
            <p className="truncate text-xs text-stone-600" title={shownEmail}>
              {t('support.thread.email', { email: shownEmail, resolved: resolved ? 'yes' : 'no' })}
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            className="xl:hidden"
            aria-expanded={showContext}
            onClick={() => setShowContext((v) => !v)}
          >
            {t('support.thread.orders')}
          </Button>
          <Button
            variant={resolved ? 'outline' : 'primary'}
            size="sm"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate(resolved ? 'open' : 'resolved')}
          >
            {resolved ? t('support.thread.reopen') : t('support.thread.resolve')}
          </Button>
        </header>
        {showContext && (
          <div className="max-h-[45%] overflow-y-auto border-b border-stone-200 bg-stone-50 xl:hidden">
            {subject ? <OrderPanel subject={subject} /> : <CustomerContext chatId={chatId} />}
          </div>
        )}
        <ChatThread
          thread={thread}
          self={self}
          empty={<p className="mt-6 text-center text-sm text-stone-600">{t('support.thread.empty')}</p>}
        />
      </div>
      <aside
        aria-label={t('support.thread.context')}
        className="hidden w-80 shrink-0 overflow-y-auto border-l border-stone-200 bg-stone-50 xl:block"
      >
        {subject && <OrderPanel subject={subject} />}
        <CustomerContext chatId={chatId} />
      </aside>
    </div>
  );
}
