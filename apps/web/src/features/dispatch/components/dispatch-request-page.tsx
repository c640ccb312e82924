import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { DELIVERY_NOTE_MAX } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { TextArea, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { openLogin } from '../../../session/login-modal';
import { useSession } from '../../../session/session';
import { useAddresses } from '../api/get-addresses';
import { useDeliveryFee } from '../api/get-delivery-fee';
import { useRequestDispatch } from '../api/request-dispatch';
import { checkDispatchForm, fieldMessage, type DispatchForm, type FieldErrors, type FormField } from '../validation';
import { AddressAutocomplete } from './address-autocomplete';
import { OrderSummary, type FeeState } from './order-summary';
import { PickupPicker } from './pickup-picker';
import { t as translate, useT } from '../../../i18n';

const DRAFT_KEY = 'jara:dispatch-draft';
/** Set when the user leaves to add an address: on return, that new address is the pick-up. */
const PICK_NEWEST_KEY = 'jara:dispatch-pick-newest';

const EMPTY: DispatchForm = {
  pickupAddressId: null,
  firstName: '',
  lastName: '',
  email: '',
  address: '',
  phone: '',
  latitude: null,
  longitude: null,
  block: '',
  floor: '',
  room: '',
  landmark: '',
  deliveryNote: '',
  isExpress: false,
};

/** A half-filled form survives a trip to /add-address (same tab only). */
function readDraft(): DispatchForm {
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    return raw ? { ...EMPTY, ...(JSON.parse(raw) as Partial<DispatchForm>) } : EMPTY;
  } catch {
    return EMPTY;
  }
}
function writeDraft(form: DispatchForm | null) {
  try {
    if (form) sessionStorage.setItem(DRAFT_KEY, JSON.stringify(form));
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    /* storage unavailable: the form still works */
  }
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-6"
    >
      <h2 id={id} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const FIELD_ORDER: FormField[] = [
  'firstName',
  'lastName',
  'email',
  'address',
  'block',
  'floor',
  'room',
  'landmark',
  'phone',
  'deliveryNote',
];

/** /dispatch-request: the dispatch form (SPEC §2), priced live, then payment. */
export function DispatchRequestPage() {
  const t = useT('dispatch');
  const { user, isLoading: sessionLoading } = useSession();
  const addresses = useAddresses(!!user);
  const [form, setForm] = useState<DispatchForm>(readDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [addressLoading, setAddressLoading] = useState(false);
  const [leaving, setLeaving] = useState(false);
  /** Blocks or wings the picked place is known to have, offered for the block field. */
  const [placeBlocks, setPlaceBlocks] = useState<string[]>([]);
  const request = useRequestDispatch();

  useEffect(() => writeDraft(form), [form]);

  // The saved addresses: keep the chosen one if it still exists, else take the first.
  const list = addresses.data ?? [];
  useEffect(() => {
    if (!addresses.data) return;
    const ids = addresses.data.map((a) => a._id);
    let pickNewest = false;
    try {
      pickNewest = sessionStorage.getItem(PICK_NEWEST_KEY) !== null;
      sessionStorage.removeItem(PICK_NEWEST_KEY);
    } catch {
      /* storage unavailable */
    }
    setForm((f) => {
      if (pickNewest && ids.length) return { ...f, pickupAddressId: ids[ids.length - 1]! };
      return f.pickupAddressId && ids.includes(f.pickupAddressId) ? f : { ...f, pickupAddressId: ids[0] ?? null };
    });
  }, [addresses.data]);
  useEffect(() => {
    if (addresses.isError)
      // The specification's words lead, the server's reason follows them.
      toast.error(translate('dispatch', 'msg.failedAddresses') + errorMessage(addresses.error), {
        id: 'dispatch-addresses',
      });
  }, [addresses.isError, addresses.error]);

  const pickup = list.find((a) => a._id === form.pickupAddressId) ?? null;
  const feeInput =
    pickup && form.latitude !== null && form.longitude !== null
      ? {
          latitude1: pickup.latitude,
          longitude1: pickup.longitude,
          latitude2: form.latitude,
          longitude2: form.longitude,
        }
      : null;
  const fee = useDeliveryFee(feeInput);
  useEffect(() => {
    if (fee.isError) toast.error(translate('dispatch', 'msg.failedDeliveryFee'), { id: 'dispatch-fee' });
  }, [fee.isError, fee.errorUpdatedAt]);
  // On a failed call (or without both ends) the fee is 0 (SPEC §4); the summary then says why
  // instead of showing a ₦0 total.
  const baseFeeKobo = feeInput && fee.data !== undefined && !fee.isError ? fee.data : 0;
  const feeState: FeeState = !pickup
    ? 'no-pickup'
    : !feeInput
      ? 'no-dropoff'
      : fee.isFetching
        ? 'loading'
        : fee.isError
          ? 'failed'
          : fee.data !== undefined
            ? 'known'
            : 'loading';

  const set = <K extends keyof DispatchForm>(key: K, value: DispatchForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key in errors) setErrors(({ [key as FormField]: _gone, ...rest }) => rest);
  };

  if (sessionLoading) return <RouteFallback />;
  if (!user) {
    return (
      <Page title={t('dispatch.request.title')}>
        <h1 className="text-2xl font-bold sm:text-3xl">{t('dispatch.request.title')}</h1>
        <EmptyState message={t('dispatch.request.loginPrompt')}>
          <Button onClick={() => openLogin('login')}>{t('dispatch.login')}</Button>
        </EmptyState>
      </Page>
    );
  }

  const submitting = request.isPending || leaving;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    const checked = checkDispatchForm(form, { payerEmail: user.email, addressLoading });
    setErrors(checked.fieldErrors);
    if (checked.pickupError) toast.error(fieldMessage(checked.pickupError, t), { id: 'dispatch-pickup' });
    const firstBad = FIELD_ORDER.find((f) => checked.fieldErrors[f]?.length);
    if (firstBad) document.getElementById(`dispatch-${firstBad}`)?.focus();
    if (!checked.body) return;
    request.mutate(checked.body, {
      onSuccess: ({ url }) => {
        setLeaving(true);
        writeDraft(null);
        window.location.assign(url);
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  };

  const shownErrors = (key: FormField) => errors[key]?.map((message) => fieldMessage(message, t));

  const field = (
    key: Exclude<FormField, 'address' | 'deliveryNote'>,
    label: string,
    props: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      label={label}
      name={key}
      value={form[key]}
      errors={shownErrors(key)}
      id={`dispatch-${key}`}
      onChange={(e) => set(key, e.target.value)}
      {...props}
    />
  );

  return (
    <Page title={t('dispatch.request.title')}>
      <h1 className="text-2xl font-bold sm:text-3xl">{t('dispatch.request.title')}</h1>
      <p className="mt-1 text-sm text-stone-600">{t('dispatch.request.intro')}</p>
      <form onSubmit={handleSubmit} noValidate className="mt-6 grid gap-5 lg:grid-cols-[1fr_22rem] lg:items-start">
        <div className="space-y-5">
          <Section id="dispatch-pick-up-location" title={t('dispatch.request.pickup')}>
            <PickupPicker
              addresses={list}
              loading={addresses.isPending}
              selectedId={form.pickupAddressId}
              onSelect={(id) => set('pickupAddressId', id)}
              onAddAddress={() => {
                try {
                  sessionStorage.setItem(PICK_NEWEST_KEY, '1');
                } catch {
                  /* storage unavailable: the first address is picked instead */
                }
              }}
            />
          </Section>

          <Section id="dispatch-drop-off-details" title={t('dispatch.request.dropoff')}>
            <div className="grid gap-4 sm:grid-cols-2">
              {field('firstName', t('dispatch.field.firstName'), { autoComplete: 'off' })}
              {field('lastName', t('dispatch.field.lastName'), { autoComplete: 'off' })}
              {field('email', t('dispatch.field.email'), {
                type: 'email',
                inputMode: 'email',
                autoComplete: 'off',
                className: 'sm:col-span-2',
                'aria-describedby': errors.email?.length
                  ? 'dispatch-email-errors dispatch-email-hint'
                  : 'dispatch-email-hint',
                hint: (
                  <p id="dispatch-email-hint" className="mt-1.5 text-sm text-stone-600">
                    {t('dispatch.field.emailHint')}
                  </p>
                ),
              })}
              <div className="sm:col-span-2">
                <AddressAutocomplete
                  label={t('dispatch.field.address')}
                  value={form.address}
                  picked={form.latitude !== null && form.longitude !== null}
                  errors={shownErrors('address')}
                  id="dispatch-address"
                  onLoadingChange={setAddressLoading}
                  onTextChange={(text) => {
                    // Editing the text clears the coordinates of the picked suggestion (SPEC §5).
                    setForm((f) => ({ ...f, address: text, latitude: null, longitude: null }));
                    if (errors.address) setErrors(({ address: _gone, ...rest }) => rest);
                  }}
                  onPick={(s) => {
                    setForm((f) => ({
                      ...f,
                      address: s.display_name,
                      latitude: Number(s.lat),
                      longitude: Number(s.lon),
                    }));
                    setPlaceBlocks(s.blocks ?? []);
                    if (errors.address) setErrors(({ address: _gone, ...rest }) => rest);
                  }}
                />
              </div>
              <fieldset className="grid grid-cols-2 gap-3 sm:col-span-2 sm:grid-cols-3">
                <legend className="mb-1.5 text-sm font-medium text-stone-800">{t('dispatch.field.door')}</legend>
                {field('block', t('dispatch.field.block'), {
                  autoComplete: 'off',
                  list: placeBlocks.length ? 'dispatch-blocks' : undefined,
                  className: 'col-span-2 sm:col-span-1',
                })}
                {field('floor', t('dispatch.field.floor'), { autoComplete: 'off' })}
                {field('room', t('dispatch.field.room'), { autoComplete: 'off' })}
                {placeBlocks.length > 0 && (
                  <datalist id="dispatch-blocks">
                    {placeBlocks.map((b) => (
                      <option key={b} value={b} />
                    ))}
                  </datalist>
                )}
              </fieldset>
              {field('landmark', t('dispatch.field.landmark'), {
                autoComplete: 'off',
                placeholder: t('dispatch.field.landmarkExample'),
                className: 'sm:col-span-2',
              })}
              {field('phone', t('dispatch.field.phone'), {
                type: 'tel',
                inputMode: 'tel',
                autoComplete: 'off',
                className: 'sm:col-span-2',
              })}
            </div>
          </Section>

          <Section id="dispatch-delivery-details" title={t('dispatch.request.delivery')}>
            <TextArea
              label={t('dispatch.field.description')}
              name="deliveryNote"
              placeholder={t('msg.dispatchPlaceholder')}
              maxLength={DELIVERY_NOTE_MAX}
              value={form.deliveryNote}
              errors={shownErrors('deliveryNote')}
              id="dispatch-deliveryNote"
              onChange={(e) => set('deliveryNote', e.target.value)}
            />
            <label className="mt-4 flex cursor-pointer items-center gap-3 text-sm font-medium text-stone-800">
              <input
                type="checkbox"
                name="isExpress"
                checked={form.isExpress}
                onChange={(e) => set('isExpress', e.target.checked)}
                className="size-5 rounded border-stone-400 accent-brand-700"
              />
              {t('dispatch.field.express')}
              <span className="font-normal text-stone-500">{t('dispatch.field.expressHint')}</span>
            </label>
          </Section>
        </div>

        <div className="lg:sticky lg:top-24">
          <Section id="dispatch-order-summary" title={t('dispatch.request.summary')}>
            <OrderSummary baseFeeKobo={baseFeeKobo} isExpress={form.isExpress} fee={feeState} />
            <Button
              type="submit"
              variant="primary"
              size="lg"
              className="mt-6 w-full"
              disabled={submitting}
              aria-busy={submitting}
            >
              {t('msg.submitDispatch')}
            </Button>
          </Section>
        </div>
      </form>
    </Page>
  );
}
