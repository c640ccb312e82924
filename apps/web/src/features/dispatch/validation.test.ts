import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@jara/shared';
import { i18n, type Translate } from '../../i18n';
import { loadAreas } from '../../i18n/i18n';
import { checkDispatchForm, fieldMessage, type DispatchForm } from './validation';

const good: DispatchForm = {
  pickupAddressId: '0b6f3c1e-4f7a-4a57-9a53-2f6f8d1c9e01',
  firstName: 'Bola',
  lastName: 'Ade',
  email: 'bola@example.com',
  address: 'Faculty of Engineering',
  phone: '08051234567',
  latitude: 6.3969,
  longitude: 5.6131,
  block: '',
  floor: '',
  room: '',
  landmark: '',
  deliveryNote: 'Books',
  isExpress: false,
};
const opts = { payerEmail: 'ada@example.com', addressLoading: false };

describe('dispatch form rules', () => {
  it('gives the request body when everything is right', () => {
    const r = checkDispatchForm(good, opts);
    expect(r.pickupError).toBeNull();
    expect(r.fieldErrors).toEqual({});
    expect(r.body).toMatchObject({
      pickupAddress: good.pickupAddressId,
      email: 'ada@example.com',
      dropoff: { latitude: 6.3969 },
    });
  });
  it('uses the spec messages', () => {
    expect(checkDispatchForm({ ...good, pickupAddressId: null }, opts).pickupError).toBe(MSG.selectPickup);
    expect(checkDispatchForm({ ...good, email: 'bola@' }, opts).fieldErrors.email).toEqual([MSG.invalidEmail]);
    expect(checkDispatchForm({ ...good, phone: '12345' }, opts).fieldErrors.phone).toEqual([MSG.invalidPhone]);
    expect(checkDispatchForm({ ...good, latitude: null, longitude: null }, opts).fieldErrors.address).toEqual([
      MSG.selectValidAddress,
    ]);
    expect(
      checkDispatchForm({ ...good, latitude: null, longitude: null }, { ...opts, addressLoading: true }).fieldErrors
        .address,
    ).toEqual([MSG.addressLoading]);
    expect(checkDispatchForm({ ...good, firstName: ' ' }, opts).fieldErrors.firstName).toEqual([
      'This field is required',
    ]);
    expect(checkDispatchForm({ ...good, pickupAddressId: null }, opts).body).toBeNull();
  });
  it('sends the door, and holds a too-long one under the saved address rule', () => {
    const door = { block: ' C ', floor: '2', room: '214 ', landmark: 'By the water tank' };
    expect(checkDispatchForm({ ...good, ...door }, opts).body?.dropoff).toMatchObject(door);
    const long = checkDispatchForm({ ...good, landmark: 'x'.repeat(201), room: 'r'.repeat(31) }, opts);
    expect(long.body).toBeNull();
    expect(long.fieldErrors.landmark).toEqual(['At most 200 characters']);
    expect(long.fieldErrors.room).toEqual(['At most 30 characters']);
  });
});

describe('the form’s messages as shown', () => {
  afterEach(() => i18n.activate('en'));
  const t: Translate<'dispatch'> = (id, values) => i18n._(id, values);
  const problems = [
    MSG.invalidEmail,
    MSG.selectPickup,
    MSG.addressLoading,
    'This field is required',
    'At most 200 characters',
    'This text contains characters that are not allowed.',
  ];

  it('are the same words in English', () => {
    for (const message of problems) expect(fieldMessage(message, t)).toBe(message);
  });

  it('are Pidgin in Pidgin, and an unknown one stays as it came', async () => {
    await loadAreas(i18n, ['dispatch', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    const shown = problems.map((message) => fieldMessage(message, t));
    for (const [i, message] of problems.entries()) expect(shown[i]).not.toBe(message);
    expect(shown[3]).toBe('You must fill this one');
    expect(shown[4]).toBe('E no fit pass 200 letters');
    expect(fieldMessage('Something new', t)).toBe('Something new');
  });
});
