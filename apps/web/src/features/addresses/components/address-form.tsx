import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { emailError, MSG, phoneError, type Address, type AddressInput as AddressPayload, type Suggestion } from '@jara/shared';
import { TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useSaveAddress } from '../api/save-address';
import { AddressInput } from './address-input';

type Field = 'firstName' | 'lastName' | 'email' | 'address' | 'city' | 'state' | 'zipcode' | 'country' | 'phone';
const REQUIRED = 'This field is required';

const EMPTY: Record<Field, string> = {
  firstName: '', lastName: '', email: '', address: '', city: 'Benin City', state: 'Edo', zipcode: '300283', country: 'Nigeria', phone: '',
};

/** Add or edit an address. Coordinates come only from a picked suggestion (SPEC §5). */
export function AddressForm({
  initial,
  defaults,
  onSaved,
  onCancel,
  submitLabel = 'Save Address',
}: {
  initial?: Address;
  defaults?: Partial<Record<Field, string>>;
  onSaved: (a: Address) => void;
  onCancel?: () => void;
  submitLabel?: string;
}) {
  const [values, setValues] = useState<Record<Field, string>>(() => (initial ? { ...initial } : { ...EMPTY, ...defaults }));
  const [coords, setCoords] = useState<{ latitude: number; longitude: number } | null>(initial ? { latitude: initial.latitude, longitude: initial.longitude } : null);
  const [searching, setSearching] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string[]>>>({});
  const save = useSaveAddress();

  const set = (k: Field, v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: [] }));
  };

  const handlePick = (s: Suggestion) => {
    setCoords({ latitude: s.lat, longitude: s.lon });
    setValues((v) => ({ ...v, address: s.display_name, city: s.city || v.city, country: s.country || v.country }));
    setErrors((e) => ({ ...e, address: [] }));
  };

  const validate = (): boolean => {
    const next: Partial<Record<Field, string[]>> = {};
    for (const k of Object.keys(EMPTY) as Field[]) if (!values[k].trim()) next[k] = [REQUIRED];
    const em = values.email.trim() && emailError(values.email);
    if (em) next.email = [em];
    const ph = values.phone.trim() && phoneError(values.phone);
    if (ph) next.phone = [ph];
    if (values.address.trim() && !coords) next.address = [searching ? MSG.addressLoading : MSG.selectValidAddress];
    setErrors(next);
    const first = Object.values(next).find((e) => e?.length)?.[0];
    if (first) toast.error(first);
    return !first;
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (searching && !coords) {
      toast.error(MSG.addressLoading);
      return;
    }
    if (!validate() || !coords) return;
    const input: AddressPayload = {
      firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim(), address: values.address.trim(),
      city: values.city.trim(), state: values.state.trim(), zipcode: values.zipcode.trim(), country: values.country.trim(), phone: values.phone.trim(),
      latitude: coords.latitude, longitude: coords.longitude,
    };
    try {
      const res = await save.mutateAsync({ id: initial?._id, input });
      toast.success(res.message);
      onSaved(res.address);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const field = (k: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} value={values[k]} onChange={(e) => set(k, e.target.value)} errors={errors[k] ?? []} {...extra} />
  );

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', 'First Name', { autoComplete: 'given-name' })}
        {field('lastName', 'Last Name', { autoComplete: 'family-name' })}
      </div>
      {field('email', 'Email address', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      <AddressInput
        value={values.address}
        onType={(text) => {
          set('address', text);
          setCoords(null);
        }}
        onPick={handlePick}
        onLoadingChange={setSearching}
        errors={errors.address ?? []}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {field('city', 'City', { autoComplete: 'address-level2' })}
        {field('state', 'State', { autoComplete: 'address-level1' })}
        {field('zipcode', 'Zip code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
        {field('country', 'Country', { autoComplete: 'country-name' })}
      </div>
      {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '0803 123 4567' })}
      <div className="flex flex-wrap gap-3 pt-2">
        <Button type="submit" size="lg" disabled={!coords || save.isPending}>
          {save.isPending ? 'Saving…' : submitLabel}
        </Button>
        {onCancel && <Button variant="ghost" size="lg" onClick={onCancel}>Cancel</Button>}
      </div>
      {!coords && <p className="text-sm text-stone-600">Pick your address from the suggestions to save it.</p>}
    </form>
  );
}
