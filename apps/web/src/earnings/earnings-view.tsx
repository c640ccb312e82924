import { useState, type FormEvent } from 'react';
import { toast } from '../lib/toast';
import {
  formatDay,
  formatDayTime,
  NIGERIAN_BANKS,
  type EarningsDto,
  type EarningWhat,
  type PayoutInput,
} from '@jara/shared';
import { Button } from '../components/ui/button';
import { TextField, inputClass } from '../components/ui/field';
import { EmptyState } from '../components/ui/empty-state';
import { Skeleton } from '../components/ui/skeleton';
import { errorMessage } from '../lib/api-client';
import { formatPrice } from '../lib/money';
import { Card } from '../components/ui/card';
import { StatusPill } from '../components/ui/status-pill';
import { useT, type Translate } from '../i18n';

/** What an entry earned for, in the reader's language: a shop's items, or a rider's delivery. */
function whatEarned(t: Translate<'earnings'>, what: EarningWhat): string {
  if (what.kind === 'items') return t('earnings.recent.items', { count: what.count });
  return t(what.kind === 'order' ? 'earnings.recent.order' : 'earnings.recent.dispatch');
}

/** A rider's or a vendor's earnings: totals, weeks, entries and payouts; the payout button schedules the next working day. */
export function EarningsView({
  data,
  isPending,
  error,
  percentText,
  onPayout,
  paying,
}: {
  data: EarningsDto | undefined;
  isPending: boolean;
  error: unknown;
  percentText: string;
  onPayout: (account: PayoutInput) => Promise<unknown>;
  paying: boolean;
}) {
  const t = useT('earnings');
  const [accountName, setAccountName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [bankCode, setBankCode] = useState('');
  const last = data?.lastAccount;
  if (isPending)
    return (
      <div role="status" aria-label={t('earnings.loading')} className="space-y-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-40" />
      </div>
    );
  if (error || !data) return <EmptyState message={errorMessage(error)} />;
  const handlePayout = async (e: FormEvent) => {
    e.preventDefault();
    const account = {
      accountName: accountName.trim() || last?.accountName || '',
      accountNumber: accountNumber.trim(),
      bankCode: bankCode || last?.bankCode || '',
    };
    if (!/^\d{10}$/.test(account.accountNumber)) return toast.error(t('earnings.payout.accountNumberRequired'));
    if (!account.bankCode) return toast.error(t('earnings.payout.chooseBank'));
    if (!account.accountName) return toast.error(t('earnings.payout.accountNameRequired'));
    try {
      await onPayout(account);
      setAccountNumber('');
      toast.success(t('earnings.payout.requested'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {(
          [
            ['earnings.total.held', data.held],
            ['earnings.total.inWindow', data.inWindow],
            ['earnings.total.available', data.available],
            ['earnings.total.scheduled', data.scheduled],
            ['earnings.total.paidOut', data.paidOut],
            ['earnings.total.earned', data.totalEarned],
          ] as const
        ).map(([label, v]) => (
          <Card key={label}>
            <p className="text-xs text-stone-600">{t(label)}</p>
            <p className="text-xl font-bold">{formatPrice(v)}</p>
          </Card>
        ))}
      </div>
      <Card>
        <p className="text-sm text-stone-700">{percentText}</p>
        <p className="mt-1 text-sm text-stone-600">{t('earnings.escrow', { minutes: data.disputeWindowMinutes })}</p>
        <form
          onSubmit={(e) => void handlePayout(e)}
          className="mt-3 grid gap-3 sm:grid-cols-3"
          aria-label={t('earnings.payout.form')}
        >
          <TextField
            label={t('earnings.payout.accountName')}
            value={accountName}
            onChange={(e) => setAccountName(e.target.value)}
            placeholder={last?.accountName}
            maxLength={100}
          />
          <TextField
            label={t('earnings.payout.accountNumber')}
            inputMode="numeric"
            value={accountNumber}
            onChange={(e) => setAccountNumber(e.target.value.replace(/\D/g, '').slice(0, 10))}
            placeholder={last ? `••••${last.accountNumberLast4}` : t('earnings.payout.accountNumberHint')}
          />
          <div>
            <label htmlFor="payout-bank" className="mb-1.5 block text-sm font-medium text-stone-800">
              {t('earnings.payout.bank')}
            </label>
            <select
              id="payout-bank"
              className={inputClass}
              value={bankCode || last?.bankCode || ''}
              onChange={(e) => setBankCode(e.target.value)}
            >
              <option value="">{t('earnings.payout.chooseBank')}</option>
              {NIGERIAN_BANKS.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </select>
          </div>
          <Button
            type="submit"
            className="sm:col-span-3 sm:justify-self-start"
            disabled={paying || data.available <= 0}
          >
            {t('earnings.payout.submit', { amount: formatPrice(data.available) })}
          </Button>
        </form>
      </Card>
      <Card>
        <h3 className="font-semibold">{t('earnings.week.title')}</h3>
        {data.byWeek.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t('earnings.week.empty')}</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <thead>
              <tr className="text-left text-stone-600">
                <th className="py-1 font-medium">{t('earnings.week.of')}</th>
                <th className="font-medium">{t('earnings.week.jobs')}</th>
                <th className="font-medium">{t('earnings.week.gross')}</th>
                <th className="font-medium">{t('earnings.week.yours')}</th>
              </tr>
            </thead>
            <tbody>
              {data.byWeek.map((w) => (
                <tr key={w.weekStart} className="border-t border-stone-100">
                  <td className="whitespace-nowrap py-1.5">{formatDay(w.weekStart)}</td>
                  <td>{w.count}</td>
                  <td>{formatPrice(w.gross)}</td>
                  <td className="font-semibold">{formatPrice(w.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Card>
        <h3 className="font-semibold">{t('earnings.recent.title')}</h3>
        <ul className="mt-2 divide-y divide-stone-100 text-sm">
          {data.entries.slice(0, 30).map((e) => (
            <li key={e._id} className="flex justify-between gap-2 py-1.5">
              <span>
                {formatDayTime(e.date)} · {whatEarned(t, e.what)} · #{e._id.slice(0, 8)}
                {(e.discount ?? 0) > 0 && (
                  <span className="block text-xs text-stone-600" data-testid="earnings-discount">
                    {t('earnings.recent.discount', { amount: formatPrice(e.discount!) })}
                  </span>
                )}
                {e.borne > 0 && (
                  <span className="block text-xs text-stone-600">
                    {t('earnings.recent.borne', { amount: formatPrice(e.borne) })}
                  </span>
                )}
                {e.disputed ? (
                  <span className="block text-xs text-red-800">{t('earnings.recent.disputed')}</span>
                ) : (
                  !e.released && (
                    <span className="block text-xs text-amber-800">
                      {t('earnings.recent.releasesAt', { time: formatDayTime(e.releasesAt) })}
                    </span>
                  )
                )}
              </span>
              <span className="font-medium">{formatPrice(e.net)}</span>
            </li>
          ))}
          {data.entries.length === 0 && <li className="py-1.5 text-stone-600">{t('earnings.recent.empty')}</li>}
        </ul>
      </Card>
      <Card>
        <h3 className="font-semibold">{t('earnings.payouts.title')}</h3>
        <ul className="mt-2 divide-y divide-stone-100 text-sm">
          {data.payouts.map((p) => (
            <li key={p._id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
              <span>
                {t('earnings.payouts.due', { amount: formatPrice(p.amount), due: formatDayTime(p.dueAt) })}
                {p.account ? ` · ${p.account}` : ''}
                {p.failureReason ? ` · ${p.failureReason}` : ''}
              </span>
              <StatusPill status={p.state} />
            </li>
          ))}
          {data.payouts.length === 0 && <li className="py-1.5 text-stone-600">{t('earnings.payouts.empty')}</li>}
        </ul>
      </Card>
    </div>
  );
}
