import { Route, Routes } from 'react-router';
import { toast } from '../../../lib/toast';
import { hasRole, type RiderProfileDto } from '@jara/shared';
import { EmptyState } from '../../../components/ui/empty-state';
import { errorMessage } from '../../../lib/api-client';
import { usePayoutUpdates } from '../../../earnings/use-payout-updates';
import { ApprovalGate } from '../../../session/approval-gate';
import { useSession } from '../../../session/session';
import { useActiveJobs } from '../api/get-active';
import { useRiderMe } from '../api/get-rider-me';
import { riderEarningsQuery, useRequestRiderPayout, useRiderEarnings } from '../api/get-rider-earnings';
import { useSetOnline } from '../api/set-online';
import { useRiderLive } from '../hooks/use-rider-live';
import { useSharePosition, type SharingState } from '../hooks/use-share-position';
import { ActiveJobs } from './active-job';
import { EarningsView } from '../../../earnings/earnings-view';
import { JobBoard } from './job-board';
import { JobHistory } from './job-history';
import { RiderApplicationForm } from './rider-application';
import { RiderInsightsScreen } from '../../../insights/screens';
import { Card } from '../../../components/ui/card';
import { StatusPill } from '../../../components/ui/status-pill';
import { SubNav } from '../../../components/ui/sub-nav';
import { Switch } from '../../../components/ui/switch';
import { useT } from '../../../i18n';

const SHARING_TEXT = {
  locating: 'rider.sharing.locating',
  sharing: 'rider.sharing.on',
  denied: 'rider.sharing.denied',
  unavailable: 'rider.sharing.unavailable',
  refused: 'rider.sharing.refused',
} as const;

/** Says that the rider's location is being shared while on a job, or why it is not. */
function SharingNotice({ state }: { state: SharingState }) {
  const t = useT('rider');
  if (state === 'off') return null;
  const ok = state === 'sharing' || state === 'locating';
  return (
    <p
      role="status"
      data-testid="location-sharing"
      data-state={state}
      className={`mb-4 flex items-center gap-2 rounded-xl p-3 text-sm ${ok ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`}
    >
      {ok && (
        <span aria-hidden className="h-2.5 w-2.5 shrink-0 rounded-full bg-emerald-600 motion-safe:animate-pulse" />
      )}
      {t(SHARING_TEXT[state])}
    </p>
  );
}

function Dashboard({ rider }: { rider: RiderProfileDto }) {
  const t = useT('rider');
  useRiderLive(true);
  usePayoutUpdates(riderEarningsQuery.queryKey, true);
  const online = useSetOnline();
  const active = useActiveJobs(true);
  const sharing = useSharePosition(rider.isOnline && !!active.data?.some((j) => !j.locked));
  const earnings = useRiderEarnings();
  const payout = useRequestRiderPayout();
  return (
    <div>
      <div className="mb-5 flex flex-wrap items-center gap-4">
        <div className="min-w-48 flex-1">
          <h1 className="break-words text-2xl font-bold">{t('rider.greeting', { name: rider.name.split(' ')[0] })}</h1>
          <p className="text-sm text-stone-600">
            {rider.rating !== null
              ? t('rider.rating', { rating: rider.rating.toFixed(1), count: rider.ratingCount })
              : t('rider.noRatings')}
          </p>
        </div>
        <Switch
          checked={rider.isOnline}
          label={rider.isOnline ? t('rider.online') : t('rider.offline')}
          disabled={online.isPending}
          onChange={(v) => online.mutate(v, { onError: (err) => toast.error(errorMessage(err)) })}
        />
      </div>
      <SharingNotice state={sharing} />
      {rider.rating !== null && rider.rating < 4 && (
        <p className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">{t('rider.lowRating')}</p>
      )}
      <SubNav
        label={t('rider.nav.label')}
        items={[
          { to: '/rider', label: t('rider.nav.board'), end: true },
          { to: '/rider/active', label: t('rider.nav.active'), badge: active.data?.length },
          { to: '/rider/history', label: t('rider.nav.history') },
          { to: '/rider/earnings', label: t('rider.nav.earnings') },
          { to: '/rider/insights', label: t('rider.nav.insights') },
        ]}
      />
      <Routes>
        <Route index element={<JobBoard online={rider.isOnline} />} />
        <Route path="active" element={<ActiveJobs />} />
        <Route path="history" element={<JobHistory />} />
        <Route path="insights" element={<RiderInsightsScreen />} />
        <Route
          path="earnings"
          element={
            <EarningsView
              data={earnings.data}
              isPending={earnings.isPending}
              error={earnings.error}
              percentText={t('rider.earnings.note', { percent: earnings.data?.percent ?? 100 })}
              onPayout={(account) => payout.mutateAsync(account)}
              paying={payout.isPending}
            />
          }
        />
        <Route path="*" element={<EmptyState message={t('rider.notFound')} />} />
      </Routes>
    </div>
  );
}

/** /rider: apply, wait for approval, then the live job board, the active job, history and earnings. */
export function RiderPage() {
  const { user } = useSession();
  const me = useRiderMe(!!user);
  const t = useT('rider');
  return (
    <ApprovalGate
      title={t('rider.title')}
      heading={t('rider.heading')}
      loginMessage={t('rider.loginMessage')}
      role="rider"
      application={me}
      approved={(r) => <Dashboard rider={r} />}
      apply={(r) => (
        <div className="mx-auto max-w-2xl space-y-5">
          <h1 className="text-2xl font-bold sm:text-3xl">{t('rider.heading')}</h1>
          {r?.status === 'pending' && (
            <Card className="border-l-4 border-amber-400">
              <div className="flex items-center gap-2">
                <StatusPill status="pending" />
                <p className="font-semibold">{t('rider.application.pending')}</p>
              </div>
              <p className="mt-1 text-sm text-stone-600">{t('rider.application.pendingNote')}</p>
            </Card>
          )}
          {r?.status === 'rejected' && (
            <Card className="border-l-4 border-red-500">
              <div className="flex items-center gap-2">
                <StatusPill status="rejected" />
                <p className="font-semibold">{t('rider.application.rejected')}</p>
              </div>
              {r.rejectionReason && (
                <p className="mt-1 text-sm">{t('rider.application.reason', { reason: r.rejectionReason })}</p>
              )}
            </Card>
          )}
          {user && !hasRole(user, 'customer') && !r ? (
            <EmptyState message={t('rider.application.staff')} />
          ) : (
            <Card>
              <RiderApplicationForm rider={r} defaultName={user?.name ?? ''} />
            </Card>
          )}
        </div>
      )}
    />
  );
}
