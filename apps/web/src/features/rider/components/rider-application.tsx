import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { ageOn, isValidNigerianPhone, MIN_RIDER_AGE, VEHICLES, type RiderProfileDto, type Vehicle } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useApplyRider } from '../api/apply-rider';
import { Trans, useT, type MessageId } from '../../../i18n';

const VEHICLE_LABEL: Record<Vehicle, MessageId<'rider'>> = {
  bicycle: 'rider.apply.vehicle.bicycle',
  motorcycle: 'rider.apply.vehicle.motorcycle',
  'on foot': 'rider.apply.vehicle.onFoot',
};

/** A field's problem, kept as a message so that it follows a switch of language. */
type Problem = [MessageId<'rider'>, Record<string, unknown>?];

export function RiderApplicationForm({ rider, defaultName }: { rider: RiderProfileDto | null; defaultName: string }) {
  const t = useT('rider');
  const [name, setName] = useState(rider?.name ?? defaultName);
  const [phone, setPhone] = useState(rider?.phone ?? '');
  const [dob, setDob] = useState(rider?.dateOfBirth ?? '');
  const [vehicle, setVehicle] = useState<Vehicle | ''>(rider?.vehicle ?? '');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, Problem>>({});
  const apply = useApplyRider();

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, Problem> = {};
    if (!name.trim()) errs.name = ['rider.apply.nameRequired'];
    if (!isValidNigerianPhone(phone)) errs.phone = ['msg.invalidPhone'];
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dob)) errs.dob = ['rider.apply.dateOfBirthRequired'];
    else if (ageOn(dob) < MIN_RIDER_AGE) errs.dob = ['rider.apply.tooYoung', { age: MIN_RIDER_AGE }];
    if (!vehicle) errs.vehicle = ['rider.apply.vehicleRequired'];
    if (!terms) errs.terms = ['rider.apply.termsRequired'];
    setErrors(errs);
    if (Object.keys(errs).length) return;
    try {
      await apply.mutateAsync({
        name: name.trim(),
        phone: phone.trim(),
        dateOfBirth: dob,
        vehicle: vehicle as Vehicle,
        acceptTerms: true,
      });
      toast.success(t('rider.apply.sent'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const problem = (k: string) => (errors[k] ? t(...errors[k]) : undefined);
  const err = (k: string) => (errors[k] ? [problem(k)!] : []);
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <TextField
        label={t('rider.apply.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        errors={err('name')}
        maxLength={100}
        autoComplete="name"
      />
      <TextField
        label={t('rider.apply.phone')}
        type="tel"
        inputMode="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        errors={err('phone')}
        autoComplete="tel"
      />
      <TextField
        label={t('rider.apply.dateOfBirth')}
        type="date"
        value={dob}
        onChange={(e) => setDob(e.target.value)}
        errors={err('dob')}
        max={new Date().toISOString().slice(0, 10)}
      />
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-stone-800">{t('rider.apply.vehicle')}</legend>
        <div className="flex flex-wrap gap-3">
          {VEHICLES.map((v) => (
            <label
              key={v}
              className={`flex cursor-pointer items-center gap-2 rounded-xl border px-4 py-2.5 text-sm font-medium ${vehicle === v ? 'border-brand-700 bg-brand-50' : 'border-stone-300 bg-white'}`}
            >
              <input
                type="radio"
                name="vehicle"
                value={v}
                checked={vehicle === v}
                onChange={() => setVehicle(v)}
                className="accent-brand-700"
              />
              {t(VEHICLE_LABEL[v])}
            </label>
          ))}
        </div>
        {errors.vehicle && <p className="mt-1.5 text-sm text-red-700">{problem('vehicle')}</p>}
      </fieldset>
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-700"
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
            aria-invalid={Boolean(errors.terms) || undefined}
          />
          <span>
            <Trans
              area="rider"
              id="rider.apply.terms"
              components={{
                terms: <Link to="/rider-terms" target="_blank" className="font-semibold text-brand-700 underline" />,
              }}
            />
          </span>
        </label>
        {errors.terms && <p className="mt-1.5 text-sm text-red-700">{problem('terms')}</p>}
      </div>
      <Button type="submit" disabled={apply.isPending} className="w-full sm:w-auto">
        {apply.isPending ? t('rider.apply.sending') : rider ? t('rider.apply.again') : t('rider.apply.submit')}
      </Button>
    </form>
  );
}
