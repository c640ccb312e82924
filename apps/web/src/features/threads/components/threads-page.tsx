import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDay, formatDayTime, formatTime, type ThreadSummaryDto } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { openLogin } from '../../../session/login-modal';
import { useSession } from '../../../session/session';
import { threadsQuery } from '../api/threads';
import { useT } from '../../../i18n';

/** Today's messages by their time, older ones by their day and time. */
const when = (iso: string) => (formatDay(iso) === formatDay(new Date()) ? formatTime(iso) : formatDayTime(iso));

/** /threads: the conversations of the orders and dispatches the signed-in person is part of, latest first. */
export function ThreadsPage() {
  const t = useT('threads');
  const { user, isLoading } = useSession();
  const q = useQuery({ ...threadsQuery, enabled: !!user });
  if (isLoading) return <RouteFallback />;
  return (
    <Page title={t('threads.list.title')} className="max-w-3xl">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('threads.list.title')}</h1>
      <div className="mt-6">
        {!user ? (
          <EmptyState message={t('threads.loginPrompt')}>
            <Button onClick={() => openLogin('login')}>{t('threads.login')}</Button>
          </EmptyState>
        ) : q.isPending ? (
          <div role="status" aria-label={t('threads.list.loading')} className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : q.isError ? (
          <EmptyState message={errorMessage(q.error)}>
            <Button variant="outline" onClick={() => void q.refetch()}>
              {t('threads.list.retry')}
            </Button>
          </EmptyState>
        ) : q.data.length === 0 ? (
          <EmptyState message={t('threads.list.empty')} />
        ) : (
          <ul
            className="divide-y divide-stone-100 rounded-[var(--radius-card)] bg-white"
            aria-label={t('threads.list.title')}
          >
            {q.data.map((th) => (
              <ThreadRow key={th._id} thread={th} selfId={user._id} />
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}

function ThreadRow({ thread, selfId }: { thread: ThreadSummaryDto; selfId: string }) {
  const t = useT('threads');
  const last = thread.lastMessage;
  const preview = last
    ? last.message || t(last.mediaType === 'video' ? 'threads.list.video' : 'threads.list.photo')
    : t('threads.list.noMessages');
  return (
    <li>
      <Link
        to={`/threads/${thread.kind}/${thread.subjectId}`}
        className="flex items-center gap-3 px-4 py-3 hover:bg-brand-50"
      >
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`truncate text-sm ${thread.unread ? 'font-bold' : 'font-semibold'} text-stone-900`}>
              {t(thread.kind === 'order' ? 'threads.title.order' : 'threads.title.dispatch', {
                reference: thread.subjectId.slice(0, 8),
              })}
            </span>
            <span className="shrink-0 text-xs text-stone-600">{when(thread.lastMessageAt)}</span>
          </span>
          <span className="block truncate text-sm text-stone-600">
            {last && last.senderId === selfId ? t('threads.list.fromYou', { preview }) : preview}
          </span>
        </span>
        {thread.unread > 0 && (
          <span className="grid min-w-6 place-items-center rounded-full bg-accent-400 px-1.5 text-xs font-bold text-brand-950">
            {t('threads.list.unread', { count: thread.unread })}
          </span>
        )}
      </Link>
    </li>
  );
}
