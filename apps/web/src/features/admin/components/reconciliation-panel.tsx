import { useState, type FormEvent } from 'react';
import { formatDay, lagosDayOf, type ReconciliationRun, type ReconciliationSummary, type Tally } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusPill } from '../../../components/ui/status-pill';
import { errorMessage } from '../../../lib/api-client';
import { fmtTime } from '../../../lib/format-time';
import { formatPrice } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { Trans, t as translate, useT } from '../../../i18n';
import { useReconciliationRun } from '../api/get-reconciliation-run';
import { useReconciliationRuns } from '../api/get-reconciliation-runs';
import { useRunReconciliation } from '../api/run-reconciliation';

const DAY_MS = 24 * 60 * 60_000;
/** The Lagos date (YYYY-MM-DD) of an instant given in milliseconds. */
const lagosDate = (ms: number) => lagosDayOf(new Date(ms));

/** A run's pill: its colour from the status pill's states, its words from here. */
function RunPill({ run }: { run: ReconciliationRun }) {
  const t = useT('admin');
  if (run.state === 'running')
    return <StatusPill status="processing" label={t('admin.reconciliation.state.running')} />;
  if (run.state === 'failed') return <StatusPill status="failed" label={t('admin.reconciliation.state.failed')} />;
  return run.agreed ? (
    <StatusPill status="processed" label={t('admin.reconciliation.state.agreed')} />
  ) : (
    <StatusPill status="pending" label={t('admin.reconciliation.state.differ')} />
  );
}

/** Both sides of a run: what we hold and what the provider holds, line by line. */
function Summary({ run, summary }: { run: ReconciliationRun; summary: ReconciliationSummary }) {
  const t = useT('admin');
  const cell = (tally: Tally | null) =>
    tally
      ? t('admin.reconciliation.summary.tally', { count: tally.count, amount: formatPrice(tally.amount) })
      : t('admin.reconciliation.summary.notCompared');
  const rows = [
    { label: t('admin.reconciliation.summary.charges'), ...summary.charges },
    { label: t('admin.reconciliation.summary.refunds'), ...summary.refunds },
    { label: t('admin.reconciliation.summary.transfers'), ...summary.transfers },
    { label: t('admin.reconciliation.summary.fees'), ...summary.fees },
  ];
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{t('admin.reconciliation.summary.caption', { day: formatDay(run.day) })}</caption>
      <thead>
        <tr className="text-stone-600">
          <th scope="col" className="py-1 font-medium">
            {t('admin.reconciliation.summary.what')}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t('admin.reconciliation.summary.ours')}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t('admin.reconciliation.summary.provider', { provider: run.provider })}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {rows.map((r) => (
          <tr key={r.label}>
            <th scope="row" className="py-1 font-medium">
              {r.label}
            </th>
            <td className="py-1">{cell(r.ours)}</td>
            <td className="py-1">{cell(r.provider)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** An opened run: why it failed, or both sides and every difference. */
function RunDetail({ id }: { id: string }) {
  const t = useT('admin');
  const { data, isPending, isError, error } = useReconciliationRun(id);
  if (isPending)
    return (
      <div role="status" aria-label={t('admin.reconciliation.detailLoading')} className="mt-3">
        <Skeleton className="h-32" />
      </div>
    );
  if (isError) return <p className="mt-3 text-sm text-red-700">{errorMessage(error)}</p>;
  const { run, differences } = data;
  return (
    <div className="mt-3 space-y-3 border-t border-stone-100 pt-3 text-sm">
      <p className="text-stone-600">
        {t('admin.reconciliation.started', { trigger: run.trigger, when: fmtTime(run.startedAt) })}
      </p>
      {run.state === 'failed' && (
        <p className="text-red-700">{t('admin.reconciliation.failed', { error: run.error ?? '' })}</p>
      )}
      {run.summary && <Summary run={run} summary={run.summary} />}
      {run.state === 'done' &&
        (differences.length === 0 ? (
          <p>{t('admin.reconciliation.noDifferences')}</p>
        ) : (
          <>
            <h3 className="font-semibold">{t('admin.reconciliation.differences')}</h3>
            <ul className="list-disc space-y-1 pl-5">
              {differences.map((d) => (
                <li key={d._id} className="break-words">
                  {d.note}
                </li>
              ))}
            </ul>
          </>
        ))}
      {run.state === 'done' &&
        (run.ledgerProblems.length === 0 ? (
          <p data-testid="ledger-state">{t('admin.reconciliation.ledger.balanced')}</p>
        ) : (
          <div data-testid="ledger-state">
            <h3 className="font-semibold text-red-700">{t('admin.reconciliation.ledger.problems')}</h3>
            <ul className="list-disc space-y-1 pl-5">
              {run.ledgerProblems.map((p) => (
                <li key={p} className="break-words">
                  {p}
                </li>
              ))}
            </ul>
          </div>
        ))}
    </div>
  );
}

/** "Run a day": any day up to today (Lagos); running one again replaces its findings. */
function RunDayForm({ onRan }: { onRan: (id: string) => void }) {
  const t = useT('admin');
  const today = lagosDate(Date.now());
  const [day, setDay] = useState(() => lagosDate(Date.now() - DAY_MS));
  const [problem, setProblem] = useState<string | null>(null);
  const run = useRunReconciliation();
  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day > today) {
      setProblem(translate('admin', 'admin.reconciliation.form.pickDay'));
      return;
    }
    setProblem(null);
    try {
      const answer = await run.mutateAsync(day);
      onRan(answer.run._id);
      if (answer.run.state === 'failed')
        toast.error(
          translate('admin', 'admin.reconciliation.ranFailed', { day: formatDay(day), error: answer.run.error ?? '' }),
        );
      else
        toast.success(
          translate('admin', 'admin.reconciliation.ran', { day: formatDay(day), count: answer.run.differences }),
        );
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Card>
      <form onSubmit={(e) => void handleSubmit(e)} className="flex flex-wrap items-end gap-3" noValidate>
        <TextField
          type="date"
          label={t('admin.reconciliation.form.label')}
          value={day}
          max={today}
          onChange={(e) => setDay(e.target.value)}
          errors={problem ? [problem] : []}
          className="min-w-48 flex-1"
        />
        <Button type="submit" disabled={run.isPending}>
          {run.isPending ? t('admin.reconciliation.form.running') : t('admin.reconciliation.form.run')}
        </Button>
      </form>
      <p className="mt-2 text-sm text-stone-600">{t('admin.reconciliation.form.hint')}</p>
    </Card>
  );
}

/**
 * /admin/reconciliation: each day checked against the payment provider (decision 0046), newest
 * first, whether both sides agree; a run opens on both sides' sums and every difference found.
 */
export function ReconciliationPanel() {
  const t = useT('admin');
  const { data, isPending, isError, error, refetch, isFetching } = useReconciliationRuns();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="reconciliation-heading" className="space-y-4">
      <div>
        <h2 id="reconciliation-heading" className="text-xl font-bold">
          {t('admin.reconciliation.heading')}
        </h2>
        <p className="mt-1 text-sm text-stone-600">{t('admin.reconciliation.intro')}</p>
      </div>
      <RunDayForm onRan={setOpen} />
      {isPending ? (
        <div role="status" aria-label={t('admin.reconciliation.loading')} className="space-y-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : isError ? (
        <EmptyState message={errorMessage(error)}>
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            {t('common.tryAgain')}
          </Button>
        </EmptyState>
      ) : data.length === 0 ? (
        <EmptyState message={t('admin.reconciliation.empty')} />
      ) : (
        <ul className="space-y-2">
          {data.map((r) => (
            <li key={r._id}>
              <Card>
                <button
                  type="button"
                  className="flex w-full flex-wrap items-center justify-between gap-2 text-left"
                  aria-expanded={open === r._id}
                  onClick={() => setOpen(open === r._id ? null : r._id)}
                >
                  <span>
                    <Trans
                      area="admin"
                      id="admin.reconciliation.row"
                      values={{ day: formatDay(r.day), state: r.state, count: r.differences }}
                      components={{ day: <span className="font-semibold" /> }}
                    />
                  </span>
                  <RunPill run={r} />
                </button>
                {open === r._id && <RunDetail id={r._id} />}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
