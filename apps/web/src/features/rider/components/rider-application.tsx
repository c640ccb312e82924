import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import {
  ageOn,
  isValidNigerianPhone,
  MIN_RIDER_AGE,
  MSG,
  VEHICLES,
  type RiderProfileDto,
  type Vehicle,
} from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useApplyRider } from '../api/apply-rider';

const VEHICLE_LABEL: Record<Vehicle, string> = { bicycle: 'Bicycle', motorcycle: 'Motorcycle', 'on foot': 'On foot' };

export function RiderApplicationForm({ rider, defaultName }: { rider: RiderProfileDto | null; defaultName: string }) {
  const [name, setName] = useState(rider?.name ?? defaultName);
  const [phone, setPhone] = useState(rider?.phone ?? '');
  const [dob, setDob] = useState(rider?.dateOfBirth ?? '');
  const [vehicle, setVehicle] = useState<Vehicle | ''>(rider?.vehicle ?? '');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const apply = useApplyRider();

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!name.trim()) errs.name = 'Enter your name';
    if (!isValidNigerianPhone(phone)) errs.phone = MSG.invalidPhone;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dob)) errs.dob = 'Enter your date of birth';
    else if (ageOn(dob) < MIN_RIDER_AGE) errs.dob = `Riders must be at least ${MIN_RIDER_AGE} years old`;
    if (!vehicle) errs.vehicle = 'Choose a vehicle';
    if (!terms) errs.terms = 'Please accept the rider terms.';
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
      toast.success('Application sent');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const err = (k: string) => (errors[k] ? [errors[k]!] : []);
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <TextField
        label="Full name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        errors={err('name')}
        maxLength={100}
        autoComplete="name"
      />
      <TextField
        label="Phone"
        type="tel"
        inputMode="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        errors={err('phone')}
        autoComplete="tel"
      />
      <TextField
        label="Date of birth"
        type="date"
        value={dob}
        onChange={(e) => setDob(e.target.value)}
        errors={err('dob')}
        max={new Date().toISOString().slice(0, 10)}
      />
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-stone-800">Vehicle</legend>
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
              {VEHICLE_LABEL[v]}
            </label>
          ))}
        </div>
        {errors.vehicle && <p className="mt-1.5 text-sm text-red-700">{errors.vehicle}</p>}
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
            I have read and accept the{' '}
            <Link to="/rider-terms" target="_blank" className="font-semibold text-brand-700 underline">
              rider terms
            </Link>
            , including keeping a rating of about 4.0 or higher.
          </span>
        </label>
        {errors.terms && <p className="mt-1.5 text-sm text-red-700">{errors.terms}</p>}
      </div>
      <Button type="submit" disabled={apply.isPending} className="w-full sm:w-auto">
        {apply.isPending ? 'Sending…' : rider ? 'Send application again' : 'Apply to ride'}
      </Button>
    </form>
  );
}
