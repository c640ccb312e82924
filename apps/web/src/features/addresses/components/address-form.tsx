import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import {
  CAMPUS_ADDRESS,
  emailError,
  haversineKm,
  phoneError,
  PIN_MAX_DISTANCE_M,
  type Address,
  type AddressInput as AddressPayload,
  type Suggestion,
} from '@jara/shared';
import { TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { t as translate, Trans, useT, type MessageId } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { CampusMap, type MapPoint } from '../../../map';
import { useSaveAddress } from '../api/save-address';
import { AddressInput } from './address-input';
import { NearestPlacePicker } from './nearest-place-picker';

type Field = 'firstName' | 'lastName' | 'email' | 'address' | 'city' | 'state' | 'zipcode' | 'country' | 'phone';
type DoorField = 'block' | 'floor' | 'room' | 'landmark';
/** A field's problem, as a message id: shown in the language of the moment. */
type Problem = MessageId<'addresses'>;
const REQUIRED: Problem = 'addresses.required';
/** The server's success messages (English only), shown in the current language. */
const SAVED = new Map<string, MessageId<'addresses'>>([
  ['Address added', 'addresses.added'],
  ['Address updated', 'addresses.updated'],
]);

// City, state, postcode and country are the campus's: typed by no one, still required and editable.
const EMPTY: Record<Field, string> = {
  firstName: '',
  lastName: '',
  email: '',
  address: '',
  ...CAMPUS_ADDRESS,
  phone: '',
};
const NO_DOOR: Record<DoorField, string> = { block: '', floor: '', room: '', landmark: '' };

/** The known place the rider's map pin stands on, and where the pin was dragged to (the door). */
interface Pin {
  placeId: string | null;
  name: string;
  latitude: number;
  longitude: number;
  /** Where the pin started: the place's own point, or a kept address's saved pin. */
  origin: MapPoint;
  /** The origin is the place's point (a place just picked), so the drag can be measured from it. */
  fromPlace: boolean;
  blocks: string[];
}

function initialPin(a?: Address): Pin | null {
  if (!a) return null;
  return {
    placeId: a.placeId,
    name: a.placeName ?? a.address,
    latitude: a.latitude,
    longitude: a.longitude,
    origin: { latitude: a.latitude, longitude: a.longitude },
    fromPlace: false,
    blocks: [],
  };
}

/** Metres the pin was dragged from where it started. */
const pinDistance = (pin: Pin): number => Math.round(haversineKm(pin.origin, pin) * 1000);

/**
 * Add or edit an address: a known place from the gazetteer (SPEC §5: coordinates only from a
 * picked place), then block, floor, room and a landmark. Editing the text after picking keeps the
 * pin and says so (decision 0012); "Can't find your lodge?" pins the nearest known place and keeps
 * the typed name.
 */
export function AddressForm({
  initial,
  defaults,
  onSaved,
  onCancel,
  submitLabel,
}: {
  initial?: Address;
  defaults?: Partial<Record<Field, string>>;
  onSaved: (a: Address) => void;
  onCancel?: () => void;
  submitLabel?: string;
}) {
  const t = useT('addresses');
  const [values, setValues] = useState<Record<Field, string>>(() =>
    initial ? { ...initial } : { ...EMPTY, ...defaults },
  );
  const [door, setDoor] = useState<Record<DoorField, string>>(() =>
    initial ? { block: initial.block, floor: initial.floor, room: initial.room, landmark: initial.landmark } : NO_DOOR,
  );
  const [pin, setPin] = useState<Pin | null>(() => initialPin(initial));
  const [findingNearest, setFindingNearest] = useState(false);
  const [searching, setSearching] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, Problem[]>>>({});
  const save = useSaveAddress();

  const set = (k: Field, v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: [] }));
  };

  const pinFrom = (s: Suggestion): Pin => ({
    placeId: s.place_id,
    name: s.display_name,
    latitude: s.lat,
    longitude: s.lon,
    origin: { latitude: s.lat, longitude: s.lon },
    fromPlace: true,
    blocks: s.blocks ?? [],
  });
  // Where the map opens: the place picked, or a kept address's pin (not followed as the pin moves).
  const [mapFocus, setMapFocus] = useState<MapPoint | null>(() =>
    initial ? { latitude: initial.latitude, longitude: initial.longitude } : null,
  );
  const distance = pin ? pinDistance(pin) : 0;
  // Measured here only from a place's own point; the server measures every pin.
  const tooFar = Boolean(pin?.fromPlace) && distance > PIN_MAX_DISTANCE_M;

  const handlePinMove = (to: MapPoint) => setPin((p) => (p ? { ...p, ...to } : p));
  const handlePinBack = () => setPin((p) => (p ? { ...p, ...p.origin } : p));

  const handlePick = (s: Suggestion) => {
    setPin(pinFrom(s));
    setMapFocus({ latitude: s.lat, longitude: s.lon });
    setValues((v) => ({ ...v, address: s.display_name, city: s.city || v.city, country: s.country || v.country }));
    setErrors((e) => ({ ...e, address: [] }));
  };

  /** A place not in the list: keep what was typed, pin the nearest known place. */
  const handleNearest = (s: Suggestion) => {
    setPin(pinFrom(s));
    setMapFocus({ latitude: s.lat, longitude: s.lon });
    setValues((v) => ({ ...v, city: s.city || v.city, country: s.country || v.country }));
    setErrors((e) => ({ ...e, address: [] }));
    setFindingNearest(false);
  };

  const validate = (): boolean => {
    const next: Partial<Record<Field, Problem[]>> = {};
    for (const k of Object.keys(EMPTY) as Field[]) if (!values[k].trim()) next[k] = [REQUIRED];
    if (values.email.trim() && emailError(values.email)) next.email = ['msg.invalidEmail'];
    if (values.phone.trim() && phoneError(values.phone)) next.phone = ['msg.invalidPhone'];
    if (values.address.trim() && !pin) next.address = [searching ? 'msg.addressLoading' : 'msg.selectValidAddress'];
    setErrors(next);
    const first = Object.values(next).find((e) => e?.length)?.[0];
    if (first) toast.error(t(first));
    return !first;
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (searching && !pin) {
      toast.error(t('msg.addressLoading'));
      return;
    }
    if (!validate() || !pin) return;
    if (tooFar) {
      toast.error(t('addresses.pin.tooFar', { distance: PIN_MAX_DISTANCE_M }));
      return;
    }
    const input: AddressPayload = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      address: values.address.trim(),
      city: values.city.trim(),
      state: values.state.trim(),
      zipcode: values.zipcode.trim(),
      country: values.country.trim(),
      phone: values.phone.trim(),
      latitude: pin.latitude,
      longitude: pin.longitude,
      placeId: pin.placeId,
      // The door: saved instead of the place's point, within PIN_MAX_DISTANCE_M of it (the server checks).
      ...(pin.placeId ? { pin: { latitude: pin.latitude, longitude: pin.longitude } } : {}),
      block: door.block.trim(),
      floor: door.floor.trim(),
      room: door.room.trim(),
      landmark: door.landmark.trim(),
    };
    try {
      const res = await save.mutateAsync({ id: initial?._id, input });
      const saved = SAVED.get(res.message);
      toast.success(saved ? translate('addresses', saved) : res.message);
      onSaved(res.address);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  const field = (k: Field, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={values[k]}
      onChange={(e) => set(k, e.target.value)}
      errors={(errors[k] ?? []).map((id) => t(id))}
      {...extra}
    />
  );
  const doorField = (k: DoorField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      value={door[k]}
      onChange={(e) => setDoor((d) => ({ ...d, [k]: e.target.value }))}
      {...extra}
    />
  );
  const typedDiffers = pin && values.address.trim() !== pin.name;

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName', t('addresses.field.firstName'), { autoComplete: 'given-name' })}
        {field('lastName', t('addresses.field.lastName'), { autoComplete: 'family-name' })}
      </div>
      {field('email', t('addresses.field.email'), { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      <div>
        <AddressInput
          value={values.address}
          onType={(text) => {
            set('address', text);
            // An emptied box drops the pin; any other edit keeps it (and says so below).
            if (!text.trim()) setPin(null);
          }}
          onPick={handlePick}
          onLoadingChange={setSearching}
          errors={(errors.address ?? []).map((id) => t(id))}
        />
        {pin ? (
          <p className="mt-1.5 text-sm text-stone-700" data-testid="map-pin">
            <span aria-hidden="true">📍 </span>
            {typedDiffers ? (
              <Trans
                area="addresses"
                id="addresses.pin.nearest"
                values={{ place: pin.name }}
                components={{ strong: <strong /> }}
              />
            ) : (
              <Trans
                area="addresses"
                id="addresses.pin.at"
                values={{ place: pin.name }}
                components={{ strong: <strong /> }}
              />
            )}
            {' · '}
            <button
              type="button"
              className="font-medium text-brand-700 underline"
              onClick={() => setFindingNearest(true)}
            >
              {t('addresses.pin.move')}
            </button>
          </p>
        ) : (
          !findingNearest && (
            <p className="mt-1.5 text-sm text-stone-700">
              <Trans
                area="addresses"
                id="addresses.pin.cantFind"
                components={{
                  pick: (
                    <button
                      type="button"
                      className="font-medium text-brand-700 underline"
                      onClick={() => setFindingNearest(true)}
                    />
                  ),
                }}
              />
            </p>
          )
        )}
        {pin?.placeId && mapFocus ? (
          <div className="mt-3 space-y-2">
            <p className="text-sm text-stone-700">{t('addresses.pin.drag')}</p>
            <CampusMap
              label={t('addresses.pin.mapLabel', { place: pin.name })}
              height={240}
              fit={[mapFocus]}
              markers={[
                {
                  id: 'door',
                  kind: 'door',
                  label: t('addresses.pin.door'),
                  draggable: true,
                  onMove: handlePinMove,
                  latitude: pin.latitude,
                  longitude: pin.longitude,
                },
              ]}
            />
            <p className="text-sm text-stone-700" data-testid="door-pin" aria-live="polite">
              {distance === 0
                ? t(pin.fromPlace ? 'addresses.pin.onPlace' : 'addresses.pin.kept', { place: pin.name })
                : pin.fromPlace
                  ? t('addresses.pin.moved', { distance, place: pin.name })
                  : t('addresses.pin.movedKept', { distance })}
              {distance > 0 && (
                <>
                  {' · '}
                  <button type="button" className="font-medium text-brand-700 underline" onClick={handlePinBack}>
                    {t('addresses.pin.back')}
                  </button>
                </>
              )}
            </p>
            {tooFar && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {t('addresses.pin.tooFar', { distance: PIN_MAX_DISTANCE_M })}
              </p>
            )}
          </div>
        ) : null}
      </div>
      {findingNearest && (
        <NearestPlacePicker
          typedName={values.address.trim()}
          onPick={handleNearest}
          onClose={() => setFindingNearest(false)}
        />
      )}
      {/* On a phone the block (a name such as "Block C, Annex", with its suggestions' arrow) gets a row. */}
      <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <legend className="mb-1.5 text-sm font-medium text-stone-800">{t('addresses.door.legend')}</legend>
        {doorField('block', t('addresses.door.block'), {
          list: pin?.blocks.length ? 'address-blocks' : undefined,
          autoComplete: 'off',
          className: 'col-span-2 sm:col-span-1',
        })}
        {doorField('floor', t('addresses.door.floor'), { autoComplete: 'off' })}
        {doorField('room', t('addresses.door.room'), { autoComplete: 'off' })}
        {pin?.blocks.length ? (
          <datalist id="address-blocks">
            {pin.blocks.map((b) => (
              <option key={b} value={b} />
            ))}
          </datalist>
        ) : null}
      </fieldset>
      {doorField('landmark', t('addresses.door.landmark'), {
        placeholder: t('addresses.door.landmarkPlaceholder'),
      })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('city', t('addresses.field.city'), { autoComplete: 'address-level2' })}
        {field('state', t('addresses.field.state'), { autoComplete: 'address-level1' })}
        {field('zipcode', t('addresses.field.zipcode'), { autoComplete: 'postal-code', inputMode: 'numeric' })}
        {field('country', t('addresses.field.country'), { autoComplete: 'country-name' })}
      </div>
      {field('phone', t('addresses.field.phone'), {
        type: 'tel',
        autoComplete: 'tel',
        inputMode: 'tel',
        placeholder: '0803 123 4567',
      })}
      <div className="flex flex-wrap gap-3 pt-2">
        <Button type="submit" size="lg" disabled={!pin || save.isPending}>
          {save.isPending ? t('addresses.saving') : (submitLabel ?? t('addresses.save'))}
        </Button>
        {onCancel && (
          <Button variant="ghost" size="lg" onClick={onCancel}>
            {t('addresses.cancel')}
          </Button>
        )}
      </div>
      {!pin && <p className="text-sm text-stone-600">{t('addresses.pickToSave')}</p>}
    </form>
  );
}
