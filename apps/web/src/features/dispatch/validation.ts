import { DispatchRequestInput, MSG, TEXT_NOT_ALLOWED } from '@jara/shared';
import type { MessageId, Translate } from '../../i18n';

export interface DispatchForm {
  pickupAddressId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  phone: string;
  latitude: number | null;
  longitude: number | null;
  /** The door inside the picked place (optional, as on a saved address). */
  block: string;
  floor: string;
  room: string;
  landmark: string;
  deliveryNote: string;
  isExpress: boolean;
}

const DROPOFF_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'address',
  'block',
  'floor',
  'room',
  'landmark',
  'phone',
] as const;
export type FormField = (typeof DROPOFF_FIELDS)[number] | 'deliveryNote';
export type FieldErrors = Partial<Record<FormField, string[]>>;

export interface Checked {
  pickupError: string | null;
  fieldErrors: FieldErrors;
  body: DispatchRequestInput | null;
}

/**
 * The form checked with the very schema the server uses, plus the two states only the browser
 * knows: no pick-up chosen, and address suggestions still loading.
 */
export function checkDispatchForm(form: DispatchForm, opts: { payerEmail: string; addressLoading: boolean }): Checked {
  const body: DispatchRequestInput = {
    pickupAddress: form.pickupAddressId ?? '',
    dropoff: {
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      address: form.address,
      phone: form.phone,
      latitude: form.latitude,
      longitude: form.longitude,
      block: form.block,
      floor: form.floor,
      room: form.room,
      landmark: form.landmark,
    },
    deliveryNote: form.deliveryNote,
    isExpress: form.isExpress,
    email: opts.payerEmail,
  };
  const parsed = DispatchRequestInput.safeParse(body);
  const fieldErrors: FieldErrors = {};
  let pickupError: string | null = null;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, field] = issue.path;
      if (head === 'pickupAddress') pickupError = MSG.selectPickup;
      else if (
        head === 'dropoff' &&
        typeof field === 'string' &&
        (DROPOFF_FIELDS as readonly string[]).includes(field)
      ) {
        const key = field as FormField;
        const list = (fieldErrors[key] ??= []);
        if (!list.includes(issue.message)) list.push(issue.message);
      } else if (head === 'deliveryNote') (fieldErrors.deliveryNote ??= []).push(issue.message);
    }
  }
  // Typed text without a picked suggestion: either still loading, or not picked at all.
  if (form.address.trim() && (form.latitude === null || form.longitude === null)) {
    fieldErrors.address = [opts.addressLoading ? MSG.addressLoading : MSG.selectValidAddress];
  }
  const ok = parsed.success && !pickupError && Object.keys(fieldErrors).length === 0;
  return { pickupError, fieldErrors, body: ok ? body : null };
}

/** The specification's messages by their words: each is `msg.<key>` in the catalogues. */
const SPEC_MESSAGES = new Map(
  Object.entries(MSG).map(([key, message]) => [message as string, `msg.${key as keyof typeof MSG}` as const]),
);

/**
 * A problem the form found (the schema's words, in English) in the current language. The words of
 * another rule are shown as they are.
 */
export function fieldMessage(message: string, t: Translate<'dispatch'>): string {
  const spec = SPEC_MESSAGES.get(message);
  if (spec) return t(spec satisfies MessageId<'dispatch'>);
  if (message === 'This field is required') return t('dispatch.error.required');
  if (message === TEXT_NOT_ALLOWED) return t('dispatch.error.textNotAllowed');
  const atMost = /^At most (\d+) characters$/.exec(message);
  if (atMost) return t('dispatch.error.atMost', { max: atMost[1] });
  return message;
}
