import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ChatMediaType } from '@jara/shared';
import { Spinner } from '../components/ui/spinner';
import { Skeleton } from '../components/ui/skeleton';
import { groupByDay } from './chat-format';
import type { ChatThreadState } from './use-chat-thread';
import { useTypingEmitter } from './use-typing-emitter';
import { Composer } from './composer';
import { MediaOverlay } from './media-overlay';
import { MessageBubble } from './message-bubble';
import { useDayLabel } from './use-day-label';
import { useT, type Translate } from '../i18n';

/** 'Ada is typing...' / 'Ada and Tolu are typing...' (SPEC §2), in the reader's language. */
function typingText(names: readonly string[], t: Translate<'conversation'>): string {
  if (!names.length) return '';
  return t('conversation.typing', {
    count: names.length,
    name: names[0],
    others: names.slice(0, -1).join(', '),
    last: names[names.length - 1],
  });
}

interface Props {
  thread: ChatThreadState;
  self: { id: string; name: string };
  empty?: ReactNode;
  composerDisabled?: boolean;
  autoFocus?: boolean;
}

/** Messages grouped by date (older ones load when scrolling up), who is typing, and the composer. */
export function ChatThread({ thread, self, empty, composerDisabled, autoFocus }: Props) {
  const t = useT('conversation');
  const dayLabel = useDayLabel();
  const { messages, status, hasMore, loadingOlder } = thread;
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const prev = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  const [overlay, setOverlay] = useState<{ src: string; type: ChatMediaType } | null>(null);
  const typing = useTypingEmitter(thread.chatId, self);

  // Keep the view where the reader is: at the bottom for new messages, in place when older ones arrive above.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = messages[0]?._id;
    const last = messages[messages.length - 1]?._id;
    const lastMine = messages[messages.length - 1]?.senderId === self.id;
    if (prev.current.first && first !== prev.current.first && last === prev.current.last) {
      el.scrollTop += el.scrollHeight - prev.current.height;
    } else if (last !== prev.current.last && (atBottom.current || lastMine)) {
      el.scrollTop = el.scrollHeight;
    }
    prev.current = { first, last, height: el.scrollHeight };
  }, [messages, self.id]);

  const handleScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 60 && hasMore && !loadingOlder) void thread.loadOlder();
  };

  const handleMediaLoad = useCallback(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
    if (el) prev.current.height = el.scrollHeight;
  }, []);

  const typers = thread.typers;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={handleScroll}
        className="min-h-0 flex-1 overflow-y-auto bg-stone-50 px-3 py-3"
        aria-busy={status === 'loading' || loadingOlder}
      >
        {status === 'loading' && (
          <div className="space-y-3" role="status" aria-label={t('conversation.loading')}>
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="ml-auto h-10 w-1/2" />
            <Skeleton className="h-16 w-3/5" />
          </div>
        )}
        {status === 'error' && (
          <div className="flex h-full flex-col items-center justify-center gap-3 text-center text-sm text-stone-700">
            <p>{t('msg.failedMessages')}</p>
            <button
              type="button"
              onClick={() => void thread.refresh()}
              className="rounded-full border border-brand-800 px-4 py-1.5 font-semibold text-brand-800"
            >
              {t('conversation.retry')}
            </button>
          </div>
        )}
        {status === 'ready' && (
          <>
            {hasMore && (
              <div className="mb-2 flex justify-center">
                {loadingOlder ? (
                  <Spinner size={22} label={t('conversation.loadingEarlier')} />
                ) : (
                  <button
                    type="button"
                    onClick={() => void thread.loadOlder()}
                    className="rounded-full bg-white px-3 py-1 text-xs font-semibold text-brand-800 shadow-sm"
                  >
                    {t('conversation.loadEarlier')}
                  </button>
                )}
              </div>
            )}
            {messages.length === 0 && empty}
            <ol
              className="space-y-4"
              aria-label={t('conversation.messages')}
              aria-live="polite"
              aria-relevant="additions"
            >
              {groupByDay(messages, dayLabel).map((group) => (
                <li key={group.key}>
                  <p className="my-2 text-center">
                    <span className="rounded-full bg-stone-200 px-3 py-0.5 text-[11px] font-semibold text-stone-700">
                      {group.label}
                    </span>
                  </p>
                  <ul className="space-y-2">
                    {group.messages.map((m) => (
                      <MessageBubble
                        key={m._id}
                        message={m}
                        mine={m.senderId === self.id}
                        onOpenMedia={(src, type) => setOverlay({ src, type })}
                        onRetry={thread.retry}
                        onDiscard={thread.discard}
                        onMediaLoad={handleMediaLoad}
                      />
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      <p className="h-5 px-4 text-xs italic text-stone-600" aria-live="polite">
        {typingText(typers, t)}
      </p>
      <Composer
        onSend={thread.send}
        sending={thread.sending}
        onKeystroke={typing.keystroke}
        onStopTyping={typing.stop}
        disabled={composerDisabled || status !== 'ready'}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only when the caller opened the chat to type
        autoFocus={autoFocus}
      />
      {overlay && <MediaOverlay src={overlay.src} type={overlay.type} onClose={() => setOverlay(null)} />}
    </div>
  );
}
