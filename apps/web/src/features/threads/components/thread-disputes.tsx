import { useState, type FormEvent } from 'react';
import {
  DisputeReason,
  formatDayTime,
  IMAGE_MAX_BYTES,
  type DisputeDto,
  type DisputeState,
  type ThreadDisputesDto,
  type ThreadRole,
} from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { ErrorList, TextArea, TextField } from '../../../components/ui/field';
import { StatusPill } from '../../../components/ui/status-pill';
import { errorMessage } from '../../../lib/api-client';
import { useNow } from '../../../lib/clock';
import { formatPrice, nairaInputProblem, type NairaInputProblem } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { t as translate, useT, type MessageId } from '../../../i18n';
import { useOpenDispute } from '../api/disputes';

const REASON_IDS: Record<DisputeReason, MessageId<'threads'>> = {
  wrong_item: 'threads.dispute.reason.wrongItem',
  missing_item: 'threads.dispute.reason.missingItem',
  damaged: 'threads.dispute.reason.damaged',
  never_arrived: 'threads.dispute.reason.neverArrived',
};

const STATE_IDS: Record<DisputeState, MessageId<'threads'>> = {
  open: 'threads.dispute.state.open',
  refunded: 'threads.dispute.state.refunded',
  rejected: 'threads.dispute.state.rejected',
};

/** The pill's colour: the status pill's colours for waiting, paid and refused. */
const STATE_COLOURS: Record<DisputeState, string> = { open: 'pending', refunded: 'paid', rejected: 'rejected' };

const AMOUNT_IDS: Record<NairaInputProblem, MessageId<'threads'>> = {
  empty: 'threads.dispute.error.amountEmpty',
  format: 'threads.dispute.error.amountFormat',
  kobo: 'threads.dispute.error.kobo',
  zero: 'threads.dispute.error.aboveZero',
  tooMuch: 'threads.dispute.error.tooMuch',
};

/**
 * An order's disputes in its thread, under the pinned card: each with its reason, amount, note,
 * photo and outcome; and, for the customer inside the window after delivery with none open, the
 * way to report a problem. Nothing at all when there is neither.
 */
export function ThreadDisputes({
  orderId,
  disputes,
  role,
  onReported,
}: {
  orderId: string;
  disputes: ThreadDisputesDto;
  role: ThreadRole;
  /** The report is also a message of the customer's in the thread: the page reads the messages again. */
  onReported: () => void;
}) {
  const t = useT('threads');
  const now = useNow();
  const [reporting, setReporting] = useState(false);
  const until = disputes.openUntil ? Date.parse(disputes.openUntil) : NaN;
  const canReport = role === 'customer' && until > now.getTime() && !disputes.disputes.some((d) => d.state === 'open');
  if (disputes.disputes.length === 0 && !canReport) return null;
  return (
    <section
      aria-label={t('threads.dispute.title')}
      className="max-h-[45dvh] space-y-3 overflow-y-auto border-b border-stone-200 px-4 py-3 text-sm"
      data-testid="thread-disputes"
    >
      {disputes.disputes.length > 0 && (
        <>
          <h2 className="text-xs font-bold uppercase tracking-wider text-stone-600">{t('threads.dispute.title')}</h2>
          <ul className="space-y-2">
            {disputes.disputes.map((d) => (
              <DisputeItem key={d._id} dispute={d} />
            ))}
          </ul>
        </>
      )}
      {canReport &&
        (reporting ? (
          <ReportForm
            orderId={orderId}
            remaining={disputes.remaining}
            onClose={() => setReporting(false)}
            onSent={onReported}
          />
        ) : (
          <div>
            <Button size="sm" variant="outline" onClick={() => setReporting(true)}>
              {t('threads.dispute.report')}
            </Button>
            <p className="mt-1 text-xs text-stone-600">
              {t('threads.dispute.until', { time: formatDayTime(disputes.openUntil) })}
            </p>
          </div>
        ))}
    </section>
  );
}

function DisputeItem({ dispute: d }: { dispute: DisputeDto }) {
  const t = useT('threads');
  return (
    <li className="flex gap-3 rounded-xl border border-stone-200 bg-white p-3" data-testid="thread-dispute">
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-stone-900">{t(REASON_IDS[d.reason])}</span>
          <StatusPill status={STATE_COLOURS[d.state]} label={t(STATE_IDS[d.state])} />
        </p>
        <p className="text-stone-700">
          {t('threads.dispute.asked', { amount: formatPrice(d.amount) })}
          {d.itemName && <> · {t('threads.dispute.item', { name: d.itemName })}</>}
        </p>
        {d.note && <p className="whitespace-pre-line break-words text-stone-700">{d.note}</p>}
        {d.state === 'refunded' && d.refund !== null && (
          <p className="font-semibold text-brand-900">
            {t('threads.dispute.refunded', { amount: formatPrice(d.refund), bearer: d.bearer ?? 'platform' })}
          </p>
        )}
        {d.state === 'rejected' && (
          <p className="text-red-800">{t('threads.dispute.rejected', { reason: d.resolution ?? '' })}</p>
        )}
        <p className="text-xs text-stone-600">
          {t('threads.dispute.opened', { when: formatDayTime(d.openedAt) })}
          {d.settledAt && <> · {t('threads.dispute.settled', { when: formatDayTime(d.settledAt) })}</>}
        </p>
      </div>
      {d.photo && (
        <a href={d.photo} target="_blank" rel="noreferrer" className="shrink-0">
          <img
            src={d.photo}
            alt={t('threads.dispute.photo')}
            loading="lazy"
            className="size-16 rounded-lg object-cover"
          />
        </a>
      )}
    </li>
  );
}

type Field = 'reason' | 'amount' | 'photo';

/** The customer's report: what went wrong, how much (up to what remains paid), a note and a photo. */
function ReportForm({
  orderId,
  remaining,
  onClose,
  onSent,
}: {
  orderId: string;
  remaining: number;
  onClose: () => void;
  onSent: () => void;
}) {
  const t = useT('threads');
  const send = useOpenDispute();
  const [reason, setReason] = useState<DisputeReason | ''>('');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const amountProblem = nairaInputProblem(amount, remaining);
  const errors: Record<Field, string[]> = {
    reason: reason ? [] : [t('threads.dispute.error.reason')],
    amount: amountProblem ? [t(AMOUNT_IDS[amountProblem], { amount: formatPrice(remaining) })] : [],
    photo: !photo
      ? []
      : !photo.type.startsWith('image/')
        ? [t('threads.dispute.error.notPhoto')]
        : photo.size > IMAGE_MAX_BYTES
          ? [t('threads.dispute.error.photoTooLarge')]
          : [],
  };
  const shown = (f: Field) => (submitted ? errors[f] : []);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!reason || Object.values(errors).some((x) => x.length)) return;
    send.mutate(
      { orderId, fields: { reason, amount: amount.trim(), note: note.trim() }, photo },
      {
        onSuccess: () => {
          toast.success(translate('threads', 'threads.dispute.sent'));
          onSent();
          onClose();
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={t('threads.dispute.report')}
      className="space-y-3 rounded-xl border border-stone-200 bg-white p-3"
    >
      <fieldset aria-describedby={shown('reason').length ? 'dispute-reason-errors' : undefined}>
        <legend className="mb-1.5 text-sm font-medium text-stone-800">{t('threads.dispute.whatWrong')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {DisputeReason.options.map((r) => (
            <label
              key={r}
              className="flex items-center gap-2 rounded-lg border border-stone-200 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                className="accent-brand-800"
              />
              {t(REASON_IDS[r])}
            </label>
          ))}
        </div>
        <ErrorList id="dispute-reason-errors" errors={shown('reason')} />
      </fieldset>
      <TextField
        label={t('threads.dispute.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        errors={shown('amount')}
        hint={
          <p className="mt-1 text-xs text-stone-600">
            {t('threads.dispute.amountHint', { amount: formatPrice(remaining) })}
          </p>
        }
        required
      />
      <TextArea
        label={t('threads.dispute.note')}
        name="note"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        placeholder={t('threads.dispute.notePlaceholder')}
        maxLength={500}
        rows={3}
        className="[&_textarea]:min-h-20"
      />
      <div>
        <label htmlFor="dispute-photo" className="mb-1.5 block text-sm font-medium text-stone-800">
          {t('threads.dispute.photoField')}
        </label>
        <input
          id="dispute-photo"
          name="attachment"
          type="file"
          accept="image/*"
          onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
          aria-invalid={shown('photo').length > 0 || undefined}
          aria-describedby={shown('photo').length ? 'dispute-photo-errors' : undefined}
          className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
        />
        <ErrorList id="dispute-photo-errors" errors={shown('photo')} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={send.isPending}>
          {send.isPending ? t('threads.dispute.sending') : t('threads.dispute.send')}
        </Button>
        <Button variant="ghost" size="sm" disabled={send.isPending} onClick={onClose}>
          {t('threads.dispute.cancel')}
        </Button>
      </div>
    </form>
  );
}
