import { useState } from 'react';
import {
  PAYEE_TYPES,
  PayoutDto,
  type AdminPayoutRow,
  type PayeeType,
  type PayoutState,
  type RetryPayoutsAnswer,
} from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { inputClass } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/skeleton';
import { StatusPill, stateWord } from '../../../components/ui/status-pill';
import { errorMessage } from '../../../lib/api-client';
import { fmtTime } from '../../../lib/format-time';
import { formatPrice } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useT, type MessageId } from '../../../i18n';
import { useAdminPayouts, type PayoutFilters } from '../api/get-payouts';
import { useRetryPayouts } from '../api/retry-payouts';

const PAYOUT_STATES = PayoutDto.shape.state.options;
const PAYEES: Record<PayeeType, MessageId<'admin'>> = {
  vendor: 'admin.payouts.payee.vendor',
  rider: 'admin.payouts.payee.rider',
};
const KIND: Record<PayeeType, MessageId<'admin'>> = {
  vendor: 'admin.payouts.kind.vendor',
  rider: 'admin.payouts.kind.rider',
};

/** Who a payout pays, as one line: the shop (or the rider's name), then the account's email. */
const payeeName = (p: AdminPayoutRow, removed: string) => p.shop ?? p.payee?.name ?? removed;

/**
 * /admin/payouts: payouts to shops and riders, filtered by status and payee; failed ones can be
 * selected and sent again (each on its own: the answer says which went and why the others did not).
 */
export function PayoutsPanel() {
  const t = useT('admin');
  const [filters, setFilters] = useState<PayoutFilters>({ state: '', payee: '' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notSent, setNotSent] = useState<RetryPayoutsAnswer['results']>([]);
  const { data, isPending, isError, error } = useAdminPayouts(filters);
  const retry = useRetryPayouts();
  const removed = t('admin.payouts.unknownPayee');
  const failed = (data ?? []).filter((p) => p.state === 'failed');
  // Only what is on screen and failed counts: a filter change hides rows, and their ticks with them.
  const chosen = failed.filter((p) => selected.has(p._id));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const handleSend = async () => {
    const total = formatPrice(chosen.reduce((s, p) => s + p.amount, 0));
    if (!window.confirm(t('admin.payouts.confirmSend', { count: chosen.length, total }))) return;
    try {
      const { results } = await retry.mutateAsync({ ids: chosen.map((p) => p._id) });
      const sent = results.filter((r) => r.ok).length;
      if (sent) toast.success(t('admin.payouts.sent', { count: sent }));
      setNotSent(results.filter((r) => !r.ok));
      setSelected(new Set());
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const byId = new Map((data ?? []).map((p) => [p._id, p]));
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-bold">{t('admin.payouts.title')}</h2>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t('admin.payouts.state')}</span>
          <select
            className={inputClass}
            value={filters.state}
            onChange={(e) => setFilters((f) => ({ ...f, state: e.target.value as PayoutState | '' }))}
          >
            <option value="">{t('admin.payouts.allStates')}</option>
            {PAYOUT_STATES.map((s) => (
              <option key={s} value={s}>
                {stateWord(s, (id) => t(id))}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t('admin.payouts.payee')}</span>
          <select
            className={inputClass}
            value={filters.payee}
            onChange={(e) => setFilters((f) => ({ ...f, payee: e.target.value as PayeeType | '' }))}
          >
            <option value="">{t('admin.payouts.allPayees')}</option>
            {PAYEE_TYPES.map((p) => (
              <option key={p} value={p}>
                {t(PAYEES[p])}
              </option>
            ))}
          </select>
        </label>
        {failed.length > 0 && (
          <label className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={chosen.length === failed.length}
              onChange={(e) => setSelected(new Set(e.target.checked ? failed.map((p) => p._id) : []))}
            />
            {t('admin.payouts.selectAllFailed', { count: failed.length })}
          </label>
        )}
        <Button onClick={() => void handleSend()} disabled={chosen.length === 0 || retry.isPending}>
          {t('admin.payouts.sendAgain', { count: chosen.length })}
        </Button>
      </div>
      {notSent.length > 0 && (
        <div role="alert">
          <Card className="border-l-4 border-red-400">
            <h3 className="font-semibold">{t('admin.payouts.notSent')}</h3>
            <ul className="mt-1 text-sm">
              {notSent.map((r) => (
                <li key={r.id}>
                  {t('admin.applications.failure', {
                    name: byId.get(r.id) ? payeeName(byId.get(r.id)!, removed) : r.id.slice(0, 8),
                    reason: r.message ?? '',
                  })}
                </li>
              ))}
            </ul>
          </Card>
        </div>
      )}
      {isPending ? (
        <Skeleton className="h-48" />
      ) : isError ? (
        <EmptyState message={errorMessage(error)} />
      ) : data.length === 0 ? (
        <EmptyState message={t('admin.payouts.empty')} />
      ) : (
        <ul className="space-y-3">
          {data.map((p) => (
            <li key={p._id}>
              <Card className="flex flex-wrap items-start gap-3">
                {p.state === 'failed' && (
                  <input
                    type="checkbox"
                    className="mt-1 size-5 shrink-0 accent-brand-700"
                    checked={selected.has(p._id)}
                    onChange={(e) => toggle(p._id, e.target.checked)}
                    aria-label={t('admin.payouts.select', {
                      amount: formatPrice(p.amount),
                      name: payeeName(p, removed),
                    })}
                  />
                )}
                <div className="min-w-48 flex-1 text-sm">
                  <p className="text-base font-semibold">
                    {payeeName(p, removed)} <span className="font-normal text-stone-600">({t(KIND[p.payeeType])})</span>
                  </p>
                  {p.payee && <p className="[overflow-wrap:anywhere] text-stone-700">{p.payee.email}</p>}
                  {p.account && <p>{p.account}</p>}
                  <p className="text-stone-600">
                    {p.paidAt
                      ? t('admin.payouts.paidAt', { when: fmtTime(p.paidAt) })
                      : t('admin.payouts.due', { when: fmtTime(p.dueAt) })}
                  </p>
                  {p.state === 'failed' && p.failureReason && (
                    <p className="text-red-800">{t('admin.payouts.why', { reason: p.failureReason })}</p>
                  )}
                </div>
                <div className="flex flex-col items-end gap-1">
                  <span className="text-base font-bold">{formatPrice(p.amount)}</span>
                  <StatusPill status={p.state} />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
