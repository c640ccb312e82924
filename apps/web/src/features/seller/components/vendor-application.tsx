import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import {
  isValidNigerianPhone,
  WEEKDAYS,
  type OpeningHoursInput,
  type SellerProfileDto,
  type VendorKind,
} from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { TextField, inputClass } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useApplyVendor } from '../api/apply-vendor';
import { ImageUpload } from './image-upload';
import { PlacePicker, type PickedPlace } from './place-picker';
import { useT, type MessageId } from '../../../i18n';

/** A field's problem, kept as a message so that it follows a switch of language. */
type Problem = [MessageId<'seller'>, Record<string, unknown>?];

type Hours = Record<string, { open: string; close: string } | null>;
const DEFAULT_HOURS: Hours = Object.fromEntries(
  WEEKDAYS.map((_, d) => [String(d), d === 0 ? null : { open: '08:00', close: '21:00' }]),
);

/** The shop application (and, once approved, the shop profile editor). */
export function VendorApplicationForm({ vendor, onDone }: { vendor: SellerProfileDto | null; onDone?: () => void }) {
  const t = useT('seller');
  const [businessName, setBusinessName] = useState(vendor?.businessName ?? '');
  const [kind, setKind] = useState<VendorKind>(vendor?.kind ?? 'food');
  const [phone, setPhone] = useState(vendor?.phone ?? '');
  const [place, setPlace] = useState<PickedPlace | null>(
    vendor?.placeId ? { placeId: vendor.placeId, label: vendor.address } : null,
  );
  const [hours, setHours] = useState<Hours>(vendor?.openingHours ?? DEFAULT_HOURS);
  const [photo, setPhoto] = useState<string[]>(vendor?.profilePhoto ? [vendor.profilePhoto] : []);
  const [errors, setErrors] = useState<Record<string, Problem>>({});
  const apply = useApplyVendor();

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, Problem> = {};
    if (!businessName.trim()) errs.businessName = ['seller.apply.businessNameRequired'];
    if (!isValidNigerianPhone(phone)) errs.phone = ['msg.invalidPhone'];
    if (!place) errs.place = ['msg.selectValidAddress'];
    if (!photo[0]) errs.photo = ['seller.apply.photoRequired'];
    for (const [d, h] of Object.entries(hours))
      if (h && h.open === h.close) errs.hours = ['seller.apply.hoursMustDiffer', { day: WEEKDAYS[Number(d)] }];
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      await apply.mutateAsync({
        businessName: businessName.trim(),
        kind,
        phone: phone.trim(),
        placeId: place!.placeId,
        openingHours: hours as OpeningHoursInput,
        profilePhoto: photo[0]!,
      });
      toast.success(vendor?.status === 'approved' ? t('seller.apply.profileSaved') : t('seller.apply.sent'));
      onDone?.();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const problem = (k: string) => (errors[k] ? t(...errors[k]) : undefined);
  const problems = (k: string) => (errors[k] ? [t(...errors[k])] : []);
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <TextField
        label={t('seller.apply.businessName')}
        value={businessName}
        onChange={(e) => setBusinessName(e.target.value)}
        errors={problems('businessName')}
        maxLength={80}
        required
      />
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-stone-800">{t('seller.apply.kind')}</legend>
        <div className="flex gap-3">
          {(['food', 'goods'] as const).map((k) => (
            <label
              key={k}
              className={`flex cursor-pointer items-center gap-2 rounded-xl border px-4 py-2.5 text-sm font-medium ${kind === k ? 'border-brand-700 bg-brand-50' : 'border-stone-300 bg-white'}`}
            >
              <input
                type="radio"
                name="kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                className="accent-brand-700"
              />
              {k === 'food' ? t('seller.apply.kind.food') : t('seller.apply.kind.goods')}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={t('seller.apply.phone')}
        type="tel"
        inputMode="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        errors={problems('phone')}
        placeholder="0803 123 4567"
        required
      />
      <PlacePicker value={place} onChange={setPlace} error={problem('place')} />
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-stone-800">{t('seller.apply.hours')}</legend>
        <div className="divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white">
          {WEEKDAYS.map((day, d) => {
            const h = hours[String(d)] ?? null;
            return (
              <div key={day} className="flex flex-wrap items-center gap-3 px-3 py-2">
                <span className="w-24 text-sm font-medium">{day}</span>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="accent-brand-700"
                    checked={h !== null}
                    onChange={(e) =>
                      setHours({ ...hours, [d]: e.target.checked ? { open: '08:00', close: '21:00' } : null })
                    }
                  />
                  {t('seller.apply.open')}
                </label>
                {h && (
                  <>
                    <input
                      type="time"
                      aria-label={t('seller.apply.opensAt', { day })}
                      className={`${inputClass} w-32 py-1.5`}
                      value={h.open}
                      onChange={(e) => setHours({ ...hours, [d]: { ...h, open: e.target.value } })}
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      type="time"
                      aria-label={t('seller.apply.closesAt', { day })}
                      className={`${inputClass} w-32 py-1.5`}
                      value={h.close}
                      onChange={(e) => setHours({ ...hours, [d]: { ...h, close: e.target.value } })}
                    />
                  </>
                )}
              </div>
            );
          })}
        </div>
        {errors.hours && <p className="mt-1.5 text-sm text-red-700">{problem('hours')}</p>}
      </fieldset>
      <div>
        <ImageUpload kind="profile" label={t('seller.apply.photo')} urls={photo} max={1} onChange={setPhoto} />
        {errors.photo && <p className="mt-1.5 text-sm text-red-700">{problem('photo')}</p>}
      </div>
      <Button type="submit" disabled={apply.isPending} className="w-full sm:w-auto">
        {apply.isPending
          ? t('seller.apply.saving')
          : vendor?.status === 'approved'
            ? t('seller.apply.saveProfile')
            : vendor
              ? t('seller.apply.again')
              : t('seller.apply.submit')}
      </Button>
    </form>
  );
}
