import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  REFUND_SOURCES,
  REFUND_STATES,
  type AdminDisputeRow,
  type AdminRefundRow,
  type AdminRefundTotals,
  type DisputeReason,
  type RefundSource,
  type RefundState,
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
import { useT, type MessageId, type Translate } from '../../../i18n';
import { useAdminDisputes } from '../api/get-disputes';
import { useAdminRefunds, type RefundFilters } from '../api/get-refunds';

const SOURCE_IDS: Record<RefundSource, MessageId<'admin'>> = {
  cancelled: 'admin.refunds.source.cancelled',
  declined: 'admin.refunds.source.declined',
  unconfirmed: 'admin.refunds.source.unconfirmed',
  admin: 'admin.refunds.source.admin',
  dispute: 'admin.refunds.source.dispute',
  other: 'admin.refunds.source.other',
};

const REASON_IDS: Record<DisputeReason, MessageId<'admin'>> = {
  wrong_item: 'admin.disputes.reason.wrongItem',
  missing_item: 'admin.disputes.reason.missingItem',
  damaged: 'admin.disputes.reason.damaged',
  never_arrived: 'admin.disputes.reason.neverArrived',
};

const NO_FILTERS: RefundFilters = { state: '', source: '', from: '', to: '', q: '' };

/** Where the admin reads an order or a dispatch: its panel, opened on it. */
const subjectPath = (s: AdminRefundRow['subject']) =>
  `/admin/${s.kind === 'order' ? 'orders' : 'dispatches'}?open=${encodeURIComponent(s._id)}`;

function Filters({ value, onChange }: { value: RefundFilters; onChange: (f: RefundFilters) => void }) {
  const t = useT('admin');
  return (
    <div className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-5">
      <label className="col-span-2 sm:col-span-1">
        <span className="sr-only">{t('admin.filters.search')}</span>
        <input
          type="search"
          className={inputClass}
          placeholder={t('admin.refunds.searchHint')}
          value={value.q}
          onChange={(e) => onChange({ ...value, q: e.target.value })}
        />
      </label>
      <label>
        <span className="sr-only">{t('admin.refunds.stateLabel')}</span>
        <select
          className={inputClass}
          value={value.state}
          onChange={(e) => onChange({ ...value, state: e.target.value as RefundState | '' })}
        >
          <option value="">{t('admin.refunds.anyState')}</option>
          {REFUND_STATES.map((s) => (
            <option key={s} value={s}>
              {stateWord(s, (id) => t(id))}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="sr-only">{t('admin.refunds.sourceLabel')}</span>
        <select
          className={inputClass}
          value={value.source}
          onChange={(e) => onChange({ ...value, source: e.target.value as RefundSource | '' })}
        >
          <option value="">{t('admin.refunds.anySource')}</option>
          {REFUND_SOURCES.map((s) => (
            <option key={s} value={s}>
              {t(SOURCE_IDS[s])}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span className="sr-only">{t('admin.filters.from')}</span>
        <input
          type="date"
          className={inputClass}
          value={value.from}
          onChange={(e) => onChange({ ...value, from: e.target.value })}
          aria-label={t('admin.filters.fromDate')}
        />
      </label>
      <label>
        <span className="sr-only">{t('admin.filters.to')}</span>
        <input
          type="date"
          className={inputClass}
          value={value.to}
          onChange={(e) => onChange({ ...value, to: e.target.value })}
          aria-label={t('admin.filters.toDate')}
        />
      </label>
    </div>
  );
}

/** The count and sum of every refund the filters match: all of them, then per state. */
function Totals({ totals }: { totals: AdminRefundTotals }) {
  const t = useT('admin');
  const cells = [
    { label: t('admin.refunds.totals.all'), total: totals.all },
    ...REFUND_STATES.map((s) => ({ label: stateWord(s, (id) => t(id)), total: totals[s] })),
  ];
  return (
    <dl aria-label={t('admin.refunds.totalsLabel')} className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
      {cells.map(({ label, total }) => (
        <div key={label} className="rounded-xl border border-stone-200 bg-white px-3 py-2">
          <dt className="text-xs font-semibold uppercase tracking-wider text-stone-600">{label}</dt>
          <dd className="text-sm font-semibold text-stone-900">
            {t('admin.refunds.totals.value', { count: total.count, amount: formatPrice(total.amount) })}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function RefundLine({ refund: r }: { refund: AdminRefundRow }) {
  const t = useT('admin');
  const ref = r.subject.reference;
  return (
    <Card className="space-y-1 text-sm">
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-base font-semibold">{formatPrice(r.amount)}</span>
        <StatusPill status={r.state} />
      </p>
      <p>
        <Link to={subjectPath(r.subject)} className="font-semibold text-brand-700 underline">
          {r.subject.kind === 'order' ? t('admin.refunds.order', { ref }) : t('admin.refunds.dispatch', { ref })}
        </Link>{' '}
        · {r.customer ? r.customer.name : t('admin.refunds.noAccount')}
        {r.customer && <span className="[overflow-wrap:anywhere]"> · {r.customer.email}</span>}
      </p>
      <p className="text-stone-700">
        <span className="font-medium">{t(SOURCE_IDS[r.source])}</span>
        {r.disputeId && <> · {t('admin.refunds.fromDispute', { ref: r.disputeId.slice(0, 8) })}</>} ·{' '}
        <span className="break-words">{r.reason}</span>
      </p>
      <p className="text-xs text-stone-600">
        {t('admin.refunds.asked', { when: fmtTime(r.createdAt) })}
        {r.processedAt && <> · {t('admin.refunds.processedAt', { when: fmtTime(r.processedAt) })}</>}
      </p>
    </Card>
  );
}

/** How long a dispute has waited, in the largest whole unit. */
function waiting(t: Translate<'admin'>, openedAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(openedAt)) / 60_000));
  if (minutes < 60) return t('admin.disputes.waitingMinutes', { count: minutes });
  if (minutes < 24 * 60) return t('admin.disputes.waitingHours', { count: Math.floor(minutes / 60) });
  return t('admin.disputes.waitingDays', { count: Math.floor(minutes / (24 * 60)) });
}

function DisputeLine({ dispute: d, now }: { dispute: AdminDisputeRow; now: number }) {
  const t = useT('admin');
  const ref = d.order.reference;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <div className="min-w-48 flex-1 space-y-0.5">
        <p>
          <span className="font-semibold">{t(REASON_IDS[d.reason])}</span> ·{' '}
          {t('admin.disputes.asked', { amount: formatPrice(d.amount) })} · {waiting(t, d.openedAt, now)}
        </p>
        <p className="text-stone-700">
          {d.customer ? d.customer.name : t('admin.refunds.noAccount')}
          {d.customer && <span className="[overflow-wrap:anywhere]"> · {d.customer.email}</span>}
        </p>
        {d.note && <p className="break-words text-stone-600">{d.note}</p>}
      </div>
      <Link to={subjectPath(d.order)} className="font-semibold text-brand-700 underline">
        {t('admin.disputes.openOrder', { ref })}
      </Link>
    </Card>
  );
}

/** The open disputes, the longest waiting first: each links to its order. */
function OpenDisputes() {
  const t = useT('admin');
  const headingId = useId();
  const { data, isPending, isError, error } = useAdminDisputes('open');
  // Ages move on while the page stays open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-lg font-bold">
        {t('admin.disputes.heading', { count: data?.length ?? 0 })}
      </h2>
      {isPending ? (
        <div role="status" aria-label={t('admin.disputes.loading')}>
          <Skeleton className="h-16 w-full" />
        </div>
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(error)}
        </p>
      ) : data.length === 0 ? (
        <EmptyState message={t('admin.disputes.empty')} />
      ) : (
        <ul className="space-y-2">
          {data.map((d) => (
            <li key={d._id} data-testid="admin-dispute">
              <DisputeLine dispute={d} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin/refunds: the open disputes to settle, then every refund, filtered, with its totals. */
export function RefundsPanel() {
  const t = useT('admin');
  const headingId = useId();
  const [f, setF] = useState<RefundFilters>(NO_FILTERS);
  const q = useAdminRefunds(f);
  const refunds = q.data?.pages.flatMap((p) => p.refunds) ?? [];
  const totals = q.data?.pages[0]?.totals;
  return (
    <div className="space-y-8">
      <OpenDisputes />
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-2 text-lg font-bold">
          {t('admin.refunds.heading')}
        </h2>
        <Filters value={f} onChange={setF} />
        {q.isPending ? (
          <div role="status" aria-label={t('admin.refunds.loading')} className="space-y-2">
            <Skeleton className="h-14 w-full" />
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-24 w-full" />
            ))}
          </div>
        ) : q.isError ? (
          <EmptyState message={errorMessage(q.error)}>
            <Button variant="outline" onClick={() => void q.refetch()}>
              {t('admin.refunds.retry')}
            </Button>
          </EmptyState>
        ) : (
          <>
            {totals && <Totals totals={totals} />}
            {refunds.length === 0 ? (
              <EmptyState message={t('admin.refunds.empty')} />
            ) : (
              <ul className="space-y-2">
                {refunds.map((r) => (
                  <li key={r._id} data-testid="admin-refund">
                    <RefundLine refund={r} />
                  </li>
                ))}
              </ul>
            )}
            {q.hasNextPage && (
              <div className="mt-4 text-center">
                <Button variant="outline" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
                  {q.isFetchingNextPage ? t('admin.refunds.loadingMore') : t('admin.refunds.loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
