import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { isDispatchCompleted } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { PushPrompt } from '../../../delivery/push-prompt';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Button, buttonClass } from '../../../components/ui/button';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { errorMessage } from '../../../lib/api-client';
import { openLogin } from '../../../session/login-modal';
import { useSession } from '../../../session/session';
import { useDispatches } from '../api/get-dispatches';
import { useDispatchLive } from '../hooks/use-dispatch-live';
import { DispatchCard } from './dispatch-card';
import { useT } from '../../../i18n';

const TABS = [
  { key: 'ongoing', label: 'dispatch.tab.ongoing', empty: 'msg.noOngoing' },
  { key: 'completed', label: 'dispatch.tab.completed', empty: 'msg.noCompleted' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function PlusButton() {
  const t = useT('dispatch');
  return (
    <Link
      to="/dispatch-request"
      aria-label={t('dispatch.new')}
      title={t('dispatch.new')}
      className="grid size-14 shrink-0 place-items-center rounded-full bg-accent-400 text-brand-950 shadow-[var(--shadow-card)] transition-colors hover:bg-accent-300"
    >
      <svg
        width="28"
        height="28"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        aria-hidden="true"
      >
        <path d="M12 5v14M5 12h14" />
      </svg>
    </Link>
  );
}

/** /dispatch: the user's dispatches in two tabs, updated live. */
export function DispatchPage() {
  const t = useT('dispatch');
  const { user, isLoading: sessionLoading } = useSession();
  // Read while the session is still being read: a sender's list does not wait for it (a guest's
  // is refused and never shown), so the card and its map come a round trip sooner.
  const { data, isPending, isError, error, refetch } = useDispatches(sessionLoading || !!user);
  useDispatchLive(!!user);
  const [tab, setTab] = useState<TabKey>('ongoing');
  const baseId = useId();

  if (sessionLoading) return <RouteFallback />;
  if (!user) {
    return (
      <Page title={t('dispatch.title')}>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('dispatch.title')}</h1>
        <EmptyState message={t('dispatch.loginPrompt')}>
          <Button onClick={() => openLogin('login')}>{t('dispatch.login')}</Button>
        </EmptyState>
      </Page>
    );
  }

  const shown = (data ?? []).filter((d) => isDispatchCompleted(d.status) === (tab === 'completed'));
  const current = TABS.find((each) => each.key === tab)!;

  const handleKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const next: TabKey =
      e.key === 'Home' ? 'ongoing' : e.key === 'End' ? 'completed' : tab === 'ongoing' ? 'completed' : 'ongoing';
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <Page title={t('dispatch.title')}>
      <div className="flex items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t('dispatch.title')}</h1>
          <p className="mt-1 text-sm text-stone-600">{t('dispatch.intro')}</p>
        </div>
        <PlusButton />
      </div>

      <div role="tablist" aria-label={t('dispatch.tabs')} className="mt-6 inline-flex rounded-full bg-stone-200/70 p-1">
        {TABS.map((each) => (
          <button
            key={each.key}
            id={`${baseId}-tab-${each.key}`}
            type="button"
            role="tab"
            aria-selected={tab === each.key}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === each.key ? 0 : -1}
            onClick={() => setTab(each.key)}
            onKeyDown={handleKey}
            className={`rounded-full px-4 py-2 text-sm font-semibold transition-colors ${tab === each.key ? 'bg-brand-800 text-white shadow' : 'text-stone-700 hover:text-brand-900'}`}
          >
            {t(each.label)}
          </button>
        ))}
      </div>

      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`} className="mt-6">
        {isPending ? (
          <div role="status" aria-label={t('dispatch.loading')} className="space-y-4">
            <Skeleton className="h-48 w-full" />
            <Skeleton className="h-48 w-full" />
          </div>
        ) : isError ? (
          <EmptyState message={errorMessage(error)}>
            <Button variant="outline" onClick={() => void refetch()}>
              {t('dispatch.retry')}
            </Button>
          </EmptyState>
        ) : shown.length === 0 ? (
          <EmptyState message={t(current.empty)}>
            {tab === 'ongoing' && (
              <Link to="/dispatch-request" className={buttonClass('primary')}>
                {t('dispatch.sendParcel')}
              </Link>
            )}
          </EmptyState>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {shown.map((d) => (
              <li key={d._id}>
                <DispatchCard dispatch={d} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {!!data?.length && <PushPrompt what="dispatch" className="mt-6" />}
    </Page>
  );
}
