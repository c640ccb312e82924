import { useId, useState, type FormEvent } from 'react';
import {
  formatDayTime,
  type DisputeBearer,
  type DisputeDto,
  type DisputeReason,
  type DisputeState,
  type ThreadDisputesDto,
} from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { ErrorList, inputClass, TextArea, TextField } from '../../../components/ui/field';
import { StatusPill } from '../../../components/ui/status-pill';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice, nairaInputProblem, type NairaInputProblem } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { t as translate, useT, type MessageId } from '../../../i18n';
import { useSettleDispute } from '../api/order-thread';

const REASON_IDS: Record<DisputeReason, MessageId<'support'>> = {
  wrong_item: 'support.dispute.reason.wrongItem',
  missing_item: 'support.dispute.reason.missingItem',
  damaged: 'support.dispute.reason.damaged',
  never_arrived: 'support.dispute.reason.neverArrived',
};

const STATE_IDS: Record<DisputeState, MessageId<'support'>> = {
  open: 'support.dispute.state.open',
  refunded: 'support.dispute.state.refunded',
  rejected: 'support.dispute.state.rejected',
};

/** The pill's colour: the status pill's colours for waiting, paid and refused. */
const STATE_COLOURS: Record<DisputeState, string> = { open: 'pending', refunded: 'paid', rejected: 'rejected' };

const BEARER_IDS: Record<DisputeBearer, MessageId<'support'>> = {
  vendor: 'support.dispute.bearer.vendor',
  rider: 'support.dispute.bearer.rider',
  platform: 'support.dispute.bearer.platform',
};

const AMOUNT_IDS: Record<NairaInputProblem, MessageId<'support'>> = {
  empty: 'support.dispute.error.amountEmpty',
  format: 'support.dispute.error.amountFormat',
  kobo: 'support.dispute.error.kobo',
  zero: 'support.dispute.error.aboveZero',
  tooMuch: 'support.dispute.error.tooMuch',
};

/** Naira as a form field shows it: 300, 300.5 → "300", "300.50". */
const asTyped = (naira: number) => (Number.isInteger(naira) ? String(naira) : naira.toFixed(2));

/**
 * The disputes of the order beside the conversation: each with what the customer asked and why,
 * its outcome once settled, and for an open one the way to settle it: a refund up to what remains
 * paid, borne by the vendor, the rider or the platform, or a rejection with its reason.
 */
export function DisputePanel({ orderId, disputes }: { orderId: string; disputes: ThreadDisputesDto }) {
  const t = useT('support');
  if (disputes.disputes.length === 0) return null;
  return (
    <section aria-label={t('support.dispute.title')} className="space-y-2" data-testid="support-disputes">
      <h4 className="text-xs font-bold uppercase tracking-wider text-stone-600">{t('support.dispute.title')}</h4>
      <p className="text-xs text-stone-600">
        {t('support.dispute.remaining', { amount: formatPrice(disputes.remaining) })}
      </p>
      <ul className="space-y-2">
        {disputes.disputes.map((d) => (
          <li key={d._id} className="space-y-1 rounded-xl border border-stone-200 bg-white p-3" data-testid="dispute">
            <DisputeSummary dispute={d} />
            {d.state === 'open' && <SettleForm orderId={orderId} dispute={d} remaining={disputes.remaining} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function DisputeSummary({ dispute: d }: { dispute: DisputeDto }) {
  const t = useT('support');
  return (
    <>
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-stone-900">{t(REASON_IDS[d.reason])}</span>
        <StatusPill status={STATE_COLOURS[d.state]} label={t(STATE_IDS[d.state])} />
      </p>
      <p className="text-stone-700">
        {t('support.dispute.asked', { amount: formatPrice(d.amount) })}
        {d.itemName && <> · {t('support.dispute.item', { name: d.itemName })}</>}
      </p>
      {d.note && <p className="whitespace-pre-line break-words text-stone-700">{d.note}</p>}
      {d.photo && (
        <a href={d.photo} target="_blank" rel="noreferrer" className="inline-block">
          <img
            src={d.photo}
            alt={t('support.dispute.photo')}
            loading="lazy"
            className="size-16 rounded-lg object-cover"
          />
        </a>
      )}
      {d.state === 'refunded' && d.refund !== null && (
        <p className="font-semibold text-brand-900">
          {t('support.dispute.refunded', { amount: formatPrice(d.refund), bearer: d.bearer ?? 'platform' })}
        </p>
      )}
      {d.state === 'rejected' && (
        <p className="text-red-800">{t('support.dispute.rejected', { reason: d.resolution ?? '' })}</p>
      )}
      <p className="text-xs text-stone-600">
        {t('support.dispute.opened', { when: formatDayTime(d.openedAt) })}
        {d.settledAt && <> · {t('support.dispute.settled', { when: formatDayTime(d.settledAt) })}</>}
      </p>
    </>
  );
}

type Outcome = 'refund' | 'reject';

/** Refund (amount and bearer) or reject (reason), checked as the server checks it before it is sent. */
function SettleForm({ orderId, dispute, remaining }: { orderId: string; dispute: DisputeDto; remaining: number }) {
  const t = useT('support');
  const settle = useSettleDispute();
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome>('refund');
  const [amount, setAmount] = useState(() => asTyped(Math.min(dispute.amount, remaining)));
  const [bearer, setBearer] = useState<DisputeBearer | ''>('');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const amountProblem = nairaInputProblem(amount, remaining);
  const errors =
    outcome === 'refund'
      ? {
          amount: amountProblem ? [t(AMOUNT_IDS[amountProblem], { amount: formatPrice(remaining) })] : [],
          bearer: bearer ? [] : [t('support.dispute.error.bearer')],
          reason: [],
        }
      : { amount: [], bearer: [], reason: reason.trim().length >= 3 ? [] : [t('support.dispute.error.reason')] };
  const shown = (f: keyof typeof errors) => (submitted ? errors[f] : []);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.values(errors).some((x) => x.length)) return;
    const input =
      outcome === 'refund' && bearer
        ? { outcome, amount: Math.round(Number(amount.trim()) * 100) / 100, bearer }
        : { outcome: 'reject' as const, reason: reason.trim() };
    settle.mutate(
      { orderId, disputeId: dispute._id, input },
      {
        onSuccess: () =>
          toast.success(
            translate('support', outcome === 'refund' ? 'support.dispute.doneRefund' : 'support.dispute.doneReject'),
          ),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t('support.dispute.settle')} className="space-y-3 pt-2">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-stone-800">{t('support.dispute.settle')}</legend>
        <div className="flex gap-2">
          {(['refund', 'reject'] as const).map((o) => (
            <label
              key={o}
              className="flex flex-1 items-center gap-2 rounded-lg border border-stone-200 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={`${id}-outcome`}
                value={o}
                checked={outcome === o}
                onChange={() => setOutcome(o)}
                className="accent-brand-800"
              />
              {t(o === 'refund' ? 'support.dispute.outcome.refund' : 'support.dispute.outcome.reject')}
            </label>
          ))}
        </div>
      </fieldset>
      {outcome === 'refund' ? (
        <>
          <TextField
            label={t('support.dispute.amount')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            errors={shown('amount')}
            hint={
              <p className="mt-1 text-xs text-stone-600">
                {t('support.dispute.amountHint', { amount: formatPrice(remaining) })}
              </p>
            }
          />
          <div>
            <label htmlFor={`${id}-bearer`} className="mb-1.5 block text-sm font-medium text-stone-800">
              {t('support.dispute.bearerLabel')}
            </label>
            <select
              id={`${id}-bearer`}
              className={inputClass}
              value={bearer}
              onChange={(e) => setBearer(e.target.value as DisputeBearer | '')}
              aria-invalid={shown('bearer').length > 0 || undefined}
              aria-describedby={shown('bearer').length ? `${id}-bearer-errors` : undefined}
            >
              <option value="">{t('support.dispute.bearer.choose')}</option>
              {(['vendor', 'rider', 'platform'] as const).map((b) => (
                <option key={b} value={b}>
                  {t(BEARER_IDS[b])}
                </option>
              ))}
            </select>
            <ErrorList id={`${id}-bearer-errors`} errors={shown('bearer')} />
          </div>
        </>
      ) : (
        <TextArea
          label={t('support.dispute.rejectReason')}
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          errors={shown('reason')}
          maxLength={500}
          rows={3}
          className="[&_textarea]:min-h-20"
        />
      )}
      <Button type="submit" size="sm" variant={outcome === 'refund' ? 'primary' : 'danger'} disabled={settle.isPending}>
        {settle.isPending
          ? t('support.dispute.saving')
          : t(outcome === 'refund' ? 'support.dispute.confirmRefund' : 'support.dispute.confirmReject')}
      </Button>
    </form>
  );
}
