import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { formatDay, WEEKDAYS, type ApplicationParams, type BulkApproveAnswer, type Vehicle } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextArea } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useApproveApplications } from '../api/approve-applications';
import { useApplications } from '../api/get-applications';
import { useReviewApplication } from '../api/review-application';
import { Card } from '../../../components/ui/card';
import { fmtTime } from '../../../lib/format-time';
import { useT, type MessageId } from '../../../i18n';

const VEHICLE: Record<Vehicle, MessageId<'admin'>> = {
  bicycle: 'admin.applications.vehicle.bicycle',
  motorcycle: 'admin.applications.vehicle.motorcycle',
  'on foot': 'admin.applications.vehicle.onFoot',
};

function RejectDialog({
  target,
  onClose,
}: {
  target: (ApplicationParams & { name: string }) | null;
  onClose: () => void;
}) {
  const t = useT('admin');
  const titleId = useId();
  const [reason, setReason] = useState('');
  const review = useReviewApplication();
  const handleReject = async () => {
    if (!target) return;
    if (reason.trim().length < 3) return toast.error(t('admin.reject.tooShort'));
    try {
      await review.mutateAsync({ kind: target.kind, id: target.id, approve: false, reason: reason.trim() });
      toast.success(t('admin.reject.done'));
      setReason('');
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <Modal open={target !== null} onClose={onClose} labelledBy={titleId} className="max-w-md">
      <div className="p-5">
        <h2 id={titleId} className="text-xl font-bold">
          {t('admin.reject.title', { name: target?.name ?? '' })}
        </h2>
        <TextArea
          label={t('admin.reject.reason')}
          className="mt-4"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          data-autofocus
        />
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void handleReject()} disabled={review.isPending}>
            {t('admin.reject.button')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** An application's key in the selection. */
const keyOf = (kind: ApplicationParams['kind'], id: string) => `${kind}:${id}`;

/** The tick that puts an application in the selection "Approve selected" approves. */
function SelectBox({ name, checked, onChange }: { name: string; checked: boolean; onChange: (on: boolean) => void }) {
  const t = useT('admin');
  return (
    <input
      type="checkbox"
      className="mt-1 size-5 shrink-0 accent-brand-700"
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      aria-label={t('admin.applications.select', { name })}
    />
  );
}

export function ApplicationsPanel() {
  const t = useT('admin');
  const { data, isPending, isError, error } = useApplications();
  const review = useReviewApplication();
  const bulk = useApproveApplications();
  const [rejecting, setRejecting] = useState<(ApplicationParams & { name: string }) | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [notApproved, setNotApproved] = useState<(BulkApproveAnswer['results'][number] & { name: string })[]>([]);
  const toggle = (key: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  const approve = async (kind: 'vendor' | 'rider', id: string) => {
    try {
      await review.mutateAsync({ kind, id, approve: true });
      toast.success(t('admin.applications.approved'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  if (isPending) return <Skeleton className="h-48" />;
  if (isError) return <EmptyState message={errorMessage(error)} />;
  const waiting = [
    ...data.vendors.map((v) => ({ kind: 'vendor' as const, id: v._id, name: v.businessName })),
    ...data.riders.map((r) => ({ kind: 'rider' as const, id: r._id, name: r.name })),
  ];
  // Only applications still waiting count: one approved or rejected elsewhere leaves the list.
  const chosen = waiting.filter((a) => selected.has(keyOf(a.kind, a.id)));
  const handleApproveSelected = async () => {
    if (!window.confirm(t('admin.applications.confirmBulk', { count: chosen.length }))) return;
    try {
      const { results } = await bulk.mutateAsync({ items: chosen.map(({ kind, id }) => ({ kind, id })) });
      const approved = results.filter((r) => r.ok).length;
      if (approved) toast.success(t('admin.applications.bulkDone', { count: approved }));
      const names = new Map(chosen.map((a) => [keyOf(a.kind, a.id), a.name]));
      setNotApproved(
        results.filter((r) => !r.ok).map((r) => ({ ...r, name: names.get(keyOf(r.kind, r.id)) ?? r.id.slice(0, 8) })),
      );
      setSelected(new Set());
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <div className="space-y-6">
      {waiting.length > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <label className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-brand-700"
              checked={chosen.length === waiting.length}
              onChange={(e) => setSelected(new Set(e.target.checked ? waiting.map((a) => keyOf(a.kind, a.id)) : []))}
            />
            {t('admin.applications.selectAll', { count: waiting.length })}
          </label>
          <Button
            size="sm"
            onClick={() => void handleApproveSelected()}
            disabled={chosen.length === 0 || bulk.isPending}
          >
            {t('admin.applications.approveSelected', { count: chosen.length })}
          </Button>
        </div>
      )}
      {notApproved.length > 0 && (
        <div role="alert">
          <Card className="border-l-4 border-red-400">
            <h2 className="font-semibold">{t('admin.applications.notApproved')}</h2>
            <ul className="mt-1 text-sm">
              {notApproved.map((r) => (
                <li key={keyOf(r.kind, r.id)}>
                  {t('admin.applications.failure', { name: r.name, reason: r.message ?? '' })}
                </li>
              ))}
            </ul>
          </Card>
        </div>
      )}
      <section aria-labelledby="vendor-apps">
        <h2 id="vendor-apps" className="mb-2 text-lg font-bold">
          {t('admin.applications.shops', { count: data.vendors.length })}
        </h2>
        {data.vendors.length === 0 ? (
          <EmptyState message={t('admin.applications.noShops')} />
        ) : (
          <ul className="space-y-3">
            {data.vendors.map((v) => (
              <li key={v._id}>
                <Card className="flex flex-wrap gap-4">
                  <SelectBox
                    name={v.businessName}
                    checked={selected.has(keyOf('vendor', v._id))}
                    onChange={(on) => toggle(keyOf('vendor', v._id), on)}
                  />
                  <img src={v.profilePhoto} alt="" className="size-20 rounded-xl object-cover ring-1 ring-stone-200" />
                  {/* Beside the photo when there is room for words; below it on a phone. */}
                  <div className="min-w-48 flex-1 text-sm">
                    <p className="text-base font-semibold">
                      {v.businessName}{' '}
                      <span className="font-normal text-stone-600">
                        ({v.kind === 'food' ? t('admin.applications.food') : t('admin.applications.goods')})
                      </span>
                    </p>
                    <p>
                      {v.applicant} · <span className="[overflow-wrap:anywhere]">{v.email}</span> ·{' '}
                      <a className="text-brand-700 underline" href={`tel:${v.phone}`}>
                        {v.phone}
                      </a>
                    </p>
                    <p>
                      {v.address} ·{' '}
                      <a
                        className="text-brand-700 underline"
                        target="_blank"
                        rel="noreferrer"
                        href={`https://www.google.com/maps?q=${v.latitude},${v.longitude}`}
                      >
                        {t('admin.applications.map')}
                      </a>
                    </p>
                    <p className="text-stone-600">
                      {WEEKDAYS.map((d, i) => {
                        const h = v.openingHours[String(i)];
                        return h
                          ? t('admin.applications.hours', { day: d.slice(0, 3), open: h.open, close: h.close })
                          : t('admin.applications.closed', { day: d.slice(0, 3) });
                      }).join(' · ')}
                    </p>
                    <p className="text-xs text-stone-500">
                      {t('admin.applications.applied', { when: fmtTime(v.createdAt) })}
                    </p>
                  </div>
                  <div className="flex items-end gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setRejecting({ kind: 'vendor', id: v._id, name: v.businessName })}
                    >
                      {t('admin.reject.button')}
                    </Button>
                    <Button
                      size="sm"
                      onClick={() => void approve('vendor', v._id)}
                      disabled={review.isPending}
                      aria-label={t('admin.applications.approveName', { name: v.businessName })}
                    >
                      {t('admin.applications.approve')}
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="rider-apps">
        <h2 id="rider-apps" className="mb-2 text-lg font-bold">
          {t('admin.applications.riders', { count: data.riders.length })}
        </h2>
        {data.riders.length === 0 ? (
          <EmptyState message={t('admin.applications.noRiders')} />
        ) : (
          <ul className="space-y-3">
            {data.riders.map((r) => (
              <li key={r._id}>
                <Card className="flex flex-wrap items-center gap-4">
                  <SelectBox
                    name={r.name}
                    checked={selected.has(keyOf('rider', r._id))}
                    onChange={(on) => toggle(keyOf('rider', r._id), on)}
                  />
                  <div className="min-w-48 flex-1 text-sm">
                    <p className="text-base font-semibold">{r.name}</p>
                    <p>
                      <span className="[overflow-wrap:anywhere]">{r.email}</span> ·{' '}
                      <a className="text-brand-700 underline" href={`tel:${r.phone}`}>
                        {r.phone}
                      </a>{' '}
                      ·{' '}
                      {t('admin.applications.bornOn', {
                        day: formatDay(r.dateOfBirth),
                        vehicle: t(VEHICLE[r.vehicle]),
                      })}
                    </p>
                    <p className="text-xs text-stone-500">
                      {t('admin.applications.applied', { when: fmtTime(r.createdAt) })}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setRejecting({ kind: 'rider', id: r._id, name: r.name })}
                    >
                      {t('admin.reject.button')}
                    </Button>
                    <Button
                      size="sm"
                      onClick={() => void approve('rider', r._id)}
                      disabled={review.isPending}
                      aria-label={t('admin.applications.approveName', { name: r.name })}
                    >
                      {t('admin.applications.approve')}
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <RejectDialog target={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
