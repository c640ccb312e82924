import { Route, Routes } from 'react-router';
import toast from 'react-hot-toast';
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
import { ActiveJobs } from './active-job';
import { EarningsView } from '../../../earnings/earnings-view';
import { JobBoard } from './job-board';
import { JobHistory } from './job-history';
import { RiderApplicationForm } from './rider-application';
import { Card } from '../../../components/ui/card';
import { StatusPill } from '../../../components/ui/status-pill';
import { SubNav } from '../../../components/ui/sub-nav';
import { Switch } from '../../../components/ui/switch';

function Dashboard({ rider }: { rider: RiderProfileDto }) {
  useRiderLive(true);
  usePayoutUpdates(riderEarningsQuery.queryKey, true);
  const online = useSetOnline();
  const active = useActiveJobs(true);
  const earnings = useRiderEarnings();
  const payout = useRequestRiderPayout();
  return (
    <div>
      <div className="mb-5 flex flex-wrap items-center gap-4">
        <div className="min-w-48 flex-1">
          <h1 className="break-words text-2xl font-bold">Hi, {rider.name.split(' ')[0]}</h1>
          <p className="text-sm text-stone-600">
            {rider.rating !== null
              ? `Rating ${rider.rating.toFixed(1)} ★ from ${rider.ratingCount} ${rider.ratingCount === 1 ? 'delivery' : 'deliveries'}`
              : 'No ratings yet'}
          </p>
        </div>
        <Switch
          checked={rider.isOnline}
          label={rider.isOnline ? 'Online' : 'Offline'}
          disabled={online.isPending}
          onChange={(v) => online.mutate(v, { onError: (err) => toast.error(errorMessage(err)) })}
        />
      </div>
      {rider.rating !== null && rider.rating < 4 && (
        <p className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
          Your rating is under 4.0. The rider terms ask you to keep it about 4.0 or higher.
        </p>
      )}
      <SubNav
        label="Rider sections"
        items={[
          { to: '/rider', label: 'Job board', end: true },
          { to: '/rider/active', label: 'Active job', badge: active.data?.length },
          { to: '/rider/history', label: 'History' },
          { to: '/rider/earnings', label: 'Earnings' },
        ]}
      />
      <Routes>
        <Route index element={<JobBoard online={rider.isOnline} />} />
        <Route path="active" element={<ActiveJobs />} />
        <Route path="history" element={<JobHistory />} />
        <Route
          path="earnings"
          element={
            <EarningsView
              data={earnings.data}
              isPending={earnings.isPending}
              error={earnings.error}
              percentText={`You keep ${earnings.data?.percent ?? 100}% of the delivery fee of each job you deliver. Payouts are paid the next working day.`}
              onPayout={(account) => payout.mutateAsync(account)}
              paying={payout.isPending}
            />
          }
        />
        <Route path="*" element={<EmptyState message="This page does not exist." />} />
      </Routes>
    </div>
  );
}

/** /rider: apply, wait for approval, then the live job board, the active job, history and earnings. */
export function RiderPage() {
  const { user } = useSession();
  const me = useRiderMe(!!user);
  return (
    <ApprovalGate
      title="Rider"
      heading="Ride with Jara"
      loginMessage="Log in to apply as a rider or to see your jobs."
      role="rider"
      application={me}
      approved={(r) => <Dashboard rider={r} />}
      apply={(r) => (
        <div className="mx-auto max-w-2xl space-y-5">
          <h1 className="text-2xl font-bold sm:text-3xl">Ride with Jara</h1>
          {r?.status === 'pending' && (
            <Card className="border-l-4 border-amber-400">
              <div className="flex items-center gap-2">
                <StatusPill status="pending" />
                <p className="font-semibold">Your application is being reviewed.</p>
              </div>
              <p className="mt-1 text-sm text-stone-600">We email you when an admin approves it.</p>
            </Card>
          )}
          {r?.status === 'rejected' && (
            <Card className="border-l-4 border-red-500">
              <div className="flex items-center gap-2">
                <StatusPill status="rejected" />
                <p className="font-semibold">Your application was not approved.</p>
              </div>
              {r.rejectionReason && <p className="mt-1 text-sm">Reason: {r.rejectionReason}</p>}
            </Card>
          )}
          {user && !hasRole(user, 'customer') && !r ? (
            <EmptyState message="Riding needs an account that shops on Jara; this staff account cannot apply." />
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
