import { useEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CloseIcon } from '../../../components/ui/icons';
import { sessionQuery, useSession, type Session } from '../../../session/session';
import { getOlderMessages, getOwnChat } from '../api/get-chat';
import { markChatRead, unreadQuery } from '../api/get-unread';
import { sendChatMessage } from '../api/send-message';
import { useChatThread, type ThreadSource } from '../../../conversation/use-chat-thread';
import { ChatThread } from '../../../conversation/chat-thread';
import { useT } from '../../../i18n';

export interface ChatPanelProps {
  onClose: () => void;
}

/** Customer Support: the signed-in user's conversation with support (SPEC §2, §4). */
export default function ChatPanel({ onClose }: ChatPanelProps) {
  const t = useT('chat');
  const closeRef = useRef<HTMLButtonElement>(null);
  const { user } = useSession();
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the dialog from any control inside it
    <section
      role="dialog"
      aria-labelledby="chat-title"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
      className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-white shadow-2xl sm:inset-auto sm:bottom-24 sm:right-6 sm:h-[75vh] sm:w-[360px] sm:rounded-3xl"
    >
      <header className="on-dark flex items-center justify-between bg-brand-900 px-5 py-4 text-white">
        <div>
          <h2 id="chat-title" className="text-base font-semibold text-white">
            {t('chat.panel.title')}
          </h2>
          <p className="text-xs text-brand-100">{t('chat.panel.hours')}</p>
        </div>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label={t('chat.panel.close')}
          className="grid size-9 place-items-center rounded-full hover:bg-white/10"
        >
          <CloseIcon size={18} />
        </button>
      </header>
      {user ? (
        <CustomerThread self={{ id: user._id, name: user.name }} chatId={user.chatId} />
      ) : (
        <div className="flex flex-1 items-center justify-center p-6 text-center text-sm text-stone-700">
          {t('chat.panel.login')}
        </div>
      )}
    </section>
  );
}

function CustomerThread({ self, chatId }: { self: { id: string; name: string }; chatId: string | null }) {
  const t = useT('chat');
  const qc = useQueryClient();
  const source = useMemo<ThreadSource>(
    () => ({
      chatId,
      self,
      loadLatest: getOwnChat,
      loadOlder: (_chatId, before) => getOlderMessages(before),
      send: ({ chatId: id, message, file }) => sendChatMessage({ chatId: id, message, file, selfId: self.id }),
      onChatCreated: (id) => {
        qc.setQueryData<Session>(sessionQuery.queryKey, (s) =>
          s?.user ? { ...s, user: { ...s.user, chatId: id } } : s,
        );
      },
      onSeen: (id) => {
        qc.setQueryData(unreadQuery(self.id).queryKey, { chatId: id, unread: 0 });
        markChatRead(id).catch((err: unknown) => console.error(err));
      },
    }),
    // One source per person: a conversation created later reaches the thread through onChatCreated; qc is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [self.id],
  );
  const thread = useChatThread(source);

  // Opening the panel reads the conversation.
  useEffect(() => {
    if (thread.chatId) source.onSeen?.(thread.chatId);
  }, [thread.chatId, source]);

  return (
    <ChatThread
      thread={thread}
      self={self}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- opening the chat is asking to type
      autoFocus
      empty={
        <div className="mx-auto mt-6 max-w-[260px] rounded-2xl bg-white p-4 text-center text-sm text-stone-700 shadow-sm">
          <p className="font-semibold text-brand-900">{t('chat.panel.greeting', { name: self.name.split(' ')[0] })}</p>
          <p className="mt-1">{t('chat.panel.intro')}</p>
        </div>
      }
    />
  );
}
