import { formatDay, type SupportChatSummary } from '@jara/shared';
import { Skeleton } from '../../../components/ui/skeleton';
import { SearchIcon } from '../../../components/ui/icons';
import { dayLabel, timeLabel } from '../../../conversation/chat-format';
import type { InboxFilter } from '../api/get-support-chats';
import { Trans, useT, type MessageId } from '../../../i18n';

interface Props {
  chats: SupportChatSummary[] | undefined;
  loading: boolean;
  error: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  q: string;
  onSearch: (q: string) => void;
  filter: InboxFilter;
  onFilter: (f: InboxFilter) => void;
}

/** Today's messages by their time, older ones by their day (Lagos). */
const when = (iso: string) => (formatDay(iso) === formatDay(new Date()) ? timeLabel(iso) : dayLabel(iso));

const FILTER: Record<InboxFilter, MessageId<'support'>> = {
  all: 'support.filter.all',
  open: 'support.filter.open',
  resolved: 'support.filter.resolved',
};

/** Conversations by latest message, with unread counts, a search and an open/resolved filter. */
export function ConversationList({
  chats,
  loading,
  error,
  selectedId,
  onSelect,
  q,
  onSearch,
  filter,
  onFilter,
}: Props) {
  const t = useT('support');
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="space-y-2 border-b border-stone-200 p-3">
        <label className="relative block">
          <span className="sr-only">{t('support.list.search')}</span>
          <SearchIcon
            size={16}
            className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-500"
          />
          <input
            type="search"
            value={q}
            onChange={(e) => onSearch(e.target.value)}
            placeholder={t('support.list.searchHint')}
            className="h-10 w-full rounded-full border border-stone-300 bg-white pl-9 pr-3 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
        </label>
        <div role="group" aria-label={t('support.list.show')} className="flex gap-1">
          {(['all', 'open', 'resolved'] as const).map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              onClick={() => onFilter(f)}
              className={`rounded-full px-3 py-1 text-xs font-semibold capitalize ${filter === f ? 'bg-brand-800 text-white' : 'bg-stone-100 text-stone-700 hover:bg-stone-200'}`}
            >
              {t(FILTER[f])}
            </button>
          ))}
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {loading && !chats && (
          <div className="space-y-3 p-3" role="status" aria-label={t('support.list.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        )}
        {error && !chats && (
          <p className="p-4 text-sm text-red-700" role="alert">
            {t('support.list.failed')}
          </p>
        )}
        {chats && chats.length === 0 && (
          <p className="p-6 text-center text-sm text-stone-600">
            {q ? t('support.list.noMatch') : t('support.list.empty')}
          </p>
        )}
        <ul aria-label={t('support.list.label')}>
          {chats?.map((c) => {
            const preview = c.lastMessage
              ? c.lastMessage.message ||
                (c.lastMessage.mediaType === 'video' ? t('support.list.video') : t('support.list.photo'))
              : t('support.list.noMessages');
            const fromAgent = c.lastMessage && c.lastMessage.senderId !== c.customer._id;
            return (
              <li key={c._id}>
                <button
                  type="button"
                  onClick={() => onSelect(c._id)}
                  aria-current={selectedId === c._id ? 'true' : undefined}
                  className={`flex w-full gap-3 border-b border-stone-100 px-3 py-3 text-left hover:bg-brand-50 ${selectedId === c._id ? 'bg-brand-50' : 'bg-white'}`}
                >
                  <span
                    aria-hidden="true"
                    className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-800"
                  >
                    {c.customer.name.slice(0, 1).toUpperCase()}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-2">
                      <span
                        className={`truncate text-sm ${c.unread ? 'font-bold text-stone-900' : 'font-semibold text-stone-800'}`}
                        title={c.customer.name}
                      >
                        {c.customer.name}
                      </span>
                      <span className="shrink-0 text-[11px] text-stone-600">{when(c.lastMessageAt)}</span>
                    </span>
                    {c.subject && (
                      <span className="block text-[11px] font-semibold text-accent-700">
                        {t(c.subject.kind === 'order' ? 'support.list.order' : 'support.list.dispatch', {
                          reference: c.subject._id.slice(0, 8),
                        })}
                      </span>
                    )}
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate text-xs text-stone-600" title={preview}>
                        {fromAgent ? t('support.list.fromYou', { preview }) : preview}
                      </span>
                      {c.unread > 0 && (
                        <span className="grid min-w-5 place-items-center rounded-full bg-accent-400 px-1.5 text-[11px] font-bold text-brand-950">
                          <Trans
                            area="support"
                            id="support.list.unread"
                            values={{ count: c.unread }}
                            components={{ hidden: <span className="sr-only" /> }}
                          />
                        </span>
                      )}
                      {c.status === 'resolved' && (
                        <span className="rounded-full bg-stone-200 px-2 text-[10px] font-semibold uppercase text-stone-700">
                          {t('support.list.resolved')}
                        </span>
                      )}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
