import type { ChatMediaType } from '@jara/shared';
import { timeLabel, type ThreadMessage } from './chat-format';
import { LinkifiedText } from './linkified-text';
import { AlertIcon, CheckIcon, ClockIcon, PlayIcon } from './chat-icons';
import { useT } from '../i18n';

interface Props {
  message: ThreadMessage;
  mine: boolean;
  onOpenMedia: (src: string, type: ChatMediaType) => void;
  onRetry?: (id: string) => void;
  onDiscard?: (id: string) => void;
  onMediaLoad?: () => void;
}

/** One chat bubble: the sender's name for others, media, linkified text, 12-hour time, sent/pending state. */
export function MessageBubble({ message: m, mine, onOpenMedia, onRetry, onDiscard, onMediaLoad }: Props) {
  const t = useT('conversation');
  const state = t(
    m.error ? 'conversation.state.notSent' : m.sent ? 'conversation.state.sent' : 'conversation.state.sending',
  );
  return (
    <li
      className={`flex ${mine ? 'justify-end' : 'justify-start'}`}
      data-testid="chat-message"
      data-sent={m.sent ? 'true' : 'false'}
    >
      <div className={`max-w-[80%] ${mine ? 'items-end' : 'items-start'} flex flex-col`}>
        <div
          className={`rounded-2xl px-3 py-2 text-sm shadow-sm ${
            mine
              ? 'rounded-br-md bg-brand-800 text-white'
              : 'rounded-bl-md border border-stone-200 bg-white text-stone-900'
          } ${m.error ? 'opacity-80 ring-2 ring-red-500' : ''}`}
        >
          {!mine && <p className="mb-0.5 text-xs font-semibold text-brand-700">{m.senderName}</p>}
          {m.media && m.mediaType && (
            <button
              type="button"
              onClick={() => onOpenMedia(m.media!, m.mediaType!)}
              className="relative mb-1 block overflow-hidden rounded-xl bg-black/5"
              aria-label={t(m.mediaType === 'video' ? 'conversation.playVideo' : 'conversation.openPhoto')}
            >
              {m.mediaType === 'video' ? (
                <>
                  <video
                    src={m.media}
                    preload="metadata"
                    muted
                    playsInline
                    className="max-h-56 w-56 object-cover"
                    onLoadedMetadata={onMediaLoad}
                  />
                  <span className="absolute inset-0 grid place-items-center">
                    <span className="grid size-11 place-items-center rounded-full bg-black/60 text-white">
                      <PlayIcon size={20} />
                    </span>
                  </span>
                </>
              ) : (
                // A photo someone sent has no other description than that it is one.
                <img
                  src={m.media}
                  alt={t('conversation.photo')}
                  loading="lazy"
                  onLoad={onMediaLoad}
                  className="max-h-56 min-h-24 w-auto min-w-24 max-w-full object-cover"
                />
              )}
            </button>
          )}
          {m.message && <LinkifiedText text={m.message} />}
          <p
            className={`mt-1 flex items-center justify-end gap-1 text-[11px] ${mine ? 'text-brand-100' : 'text-stone-500'}`}
          >
            <time dateTime={m.timestamp}>{timeLabel(m.timestamp)}</time>
            {mine && (
              <span title={state} aria-label={state} role="img" className="inline-flex">
                {m.error ? <AlertIcon size={13} /> : m.sent ? <CheckIcon size={13} /> : <ClockIcon size={13} />}
              </span>
            )}
          </p>
        </div>
        {m.error && (
          <div className="mt-1 flex flex-wrap items-center justify-end gap-2 text-xs" role="alert">
            <span className="text-red-700">{m.error}</span>
            {onRetry && (
              <button type="button" onClick={() => onRetry(m._id)} className="font-semibold text-brand-800 underline">
                {t('conversation.retrySend')}
              </button>
            )}
            {onDiscard && (
              <button type="button" onClick={() => onDiscard(m._id)} className="font-semibold text-stone-600 underline">
                {t('conversation.discard')}
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
