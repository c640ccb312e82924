import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, switchLanguage } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { ROOT_AREAS } from '../../../i18n/catalogues';
import { GUEST, MAP_ANSWER, renderApp, stubFetch } from '../../../test/render';
import { AddressForm } from './address-form';
import type { Address } from '@jara/shared';

const HALL3 = {
  display_name: 'Hall 3 (Aminu Kano Hall), University of Benin',
  place_id: 'hall-3',
  lat: 6.39692,
  lon: 5.62065,
  city: 'Benin City',
  street: '',
  country: 'Nigeria',
  blocks: ['A', 'B', 'C'],
};
const SAVED = (body: Record<string, unknown>) => ({
  success: true,
  message: 'Address added',
  address: { _id: 'a1', ...body, placeName: HALL3.display_name },
});

async function fillContact() {
  await userEvent.type(screen.getByLabelText('First Name'), 'Ada');
  await userEvent.type(screen.getByLabelText('Last Name'), 'Obi');
  await userEvent.type(screen.getByLabelText('Email address'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Phone'), '08031234567');
}

describe('AddressForm down to the door', () => {
  it('picks a place, keeps the pin when the text is edited, and sends block, floor, room and landmark', async () => {
    const calls = stubFetch({
      ...GUEST,
      ...MAP_ANSWER,
      'GET /api/geocoding/search': { success: true, data: [HALL3, { ...HALL3, place_id: 'hall-3-osm' }] },
      'POST /api/address/add': SAVED,
    });
    const onSaved = vi.fn();
    renderApp(<AddressForm onSaved={onSaved} />);
    await fillContact();
    const box = screen.getByRole('combobox', { name: 'Address' });
    await userEvent.type(box, 'hall 3');
    // The same name twice is shown once.
    expect(await screen.findAllByRole('option', { name: HALL3.display_name }, { timeout: 5000 })).toHaveLength(1);
    await userEvent.click(screen.getByRole('option', { name: HALL3.display_name }));
    expect(screen.getByTestId('map-pin')).toHaveTextContent(`Map pin: ${HALL3.display_name}`);

    await userEvent.type(box, ' new wing');
    expect(screen.getByTestId('map-pin')).toHaveTextContent(`nearest known place: ${HALL3.display_name}`);
    expect(screen.getByRole('button', { name: 'Save Address' })).toBeEnabled();

    await userEvent.type(screen.getByLabelText('Block / wing'), 'C');
    await userEvent.type(screen.getByLabelText('Floor'), '2');
    await userEvent.type(screen.getByLabelText('Room / flat'), '214');
    await userEvent.type(screen.getByLabelText('Landmark or directions (optional)'), 'Opposite the water tank');
    // Known blocks are offered.
    expect(document.querySelectorAll('#address-blocks option')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      address: `${HALL3.display_name} new wing`,
      placeId: 'hall-3',
      latitude: HALL3.lat,
      longitude: HALL3.lon,
      block: 'C',
      floor: '2',
      room: '214',
      landmark: 'Opposite the water tank',
    });
  }, 30_000);

  it('says "No places match" and lets a lodge not in the list be saved at the nearest place, keeping its name', async () => {
    const calls = stubFetch({
      ...GUEST,
      ...MAP_ANSWER,
      'GET /api/geocoding/search': (_b: unknown) => ({ success: true, data: [] }),
      'GET /api/geocoding/nearby': { success: true, data: [{ ...HALL3, distanceKm: 0.12 }] },
      'POST /api/address/add': SAVED,
    });
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 6.397, longitude: 5.6205 } } as GeolocationPosition),
      },
    });
    const onSaved = vi.fn();
    renderApp(<AddressForm onSaved={onSaved} />);
    await fillContact();
    await userEvent.type(screen.getByRole('combobox', { name: 'Address' }), 'Osasu Lodge');
    expect(await screen.findByText('No places match', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save Address' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Pick the nearest place' }));
    await userEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await userEvent.click(await screen.findByRole('button', { name: /Hall 3 \(Aminu Kano Hall\).*120 m/ }));
    expect(screen.getByRole('combobox', { name: 'Address' })).toHaveValue('Osasu Lodge');
    expect(screen.getByTestId('map-pin')).toHaveTextContent(`nearest known place: ${HALL3.display_name}`);
    await userEvent.type(screen.getByLabelText('Room / flat'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/api/geocoding/nearby')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      address: 'Osasu Lodge',
      placeId: 'hall-3',
      room: '7',
    });
  }, 30_000);

  it('shows the map around the picked place and saves the door pin where it was moved', async () => {
    const calls = stubFetch({
      ...GUEST,
      ...MAP_ANSWER,
      'GET /api/geocoding/search': { success: true, data: [HALL3] },
      'POST /api/address/add': SAVED,
    });
    const onSaved = vi.fn();
    renderApp(<AddressForm onSaved={onSaved} />);
    await fillContact();
    expect(screen.queryByRole('region', { name: /Map around/ })).toBeNull();
    await userEvent.type(screen.getByRole('combobox', { name: 'Address' }), 'hall 3');
    await userEvent.click(await screen.findByRole('option', { name: HALL3.display_name }, { timeout: 5000 }));
    expect(screen.getByText(/^Drag the pin onto your building/)).toBeVisible();
    expect(
      await screen.findByRole('region', { name: `Map around ${HALL3.display_name} with your door pin` }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('door-pin')).toHaveTextContent(`The pin is on ${HALL3.display_name}.`);

    // Moved with the keys (a finger's drag ends the same way): the text beside the map says where it is.
    const pin = await screen.findByRole('button', { name: 'Your door pin' });
    for (let i = 0; i < 4; i++) fireEvent.keyDown(pin, { key: 'ArrowUp' });
    expect(screen.getByTestId('door-pin')).toHaveTextContent(/^The pin is \d+ m from Hall 3/);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const body = calls.find((c) => c.method === 'POST')?.body as { pin: { latitude: number; longitude: number } };
    expect(body).toMatchObject({ placeId: 'hall-3', pin: { longitude: expect.closeTo(HALL3.lon, 4) } });
    expect(body.pin.latitude).toBeGreaterThan(HALL3.lat + 0.0001);
  }, 30_000);

  it('says a pin dragged too far must come back, and does not send it', async () => {
    const calls = stubFetch({
      ...GUEST,
      ...MAP_ANSWER,
      'GET /api/geocoding/search': { success: true, data: [HALL3] },
      'POST /api/address/add': SAVED,
    });
    renderApp(<AddressForm onSaved={vi.fn()} />);
    await fillContact();
    await userEvent.type(screen.getByRole('combobox', { name: 'Address' }), 'hall 3');
    await userEvent.click(await screen.findByRole('option', { name: HALL3.display_name }, { timeout: 5000 }));
    const pin = await screen.findByRole('button', { name: 'Your door pin' });
    // 8 px a key at zoom 17 is about 9.5 m: 60 keys take it well past 500 m.
    for (let i = 0; i < 60; i++) fireEvent.keyDown(pin, { key: 'ArrowRight' });
    expect(
      screen.getByText('Keep the pin within 500 m of the place you picked, or pick a nearer place.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Put it back' }));
    expect(screen.getByTestId('door-pin')).toHaveTextContent(`The pin is on ${HALL3.display_name}.`);
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);

  describe('in Pidgin', () => {
    afterEach(() => i18n.activate('en'));

    it('labels the fields, pins the place and lists the problems in Pidgin', async () => {
      await loadAreas(i18n, ['addresses', 'map', ...ROOT_AREAS], 'pcm');
      i18n.activate('pcm');
      stubFetch({ ...GUEST, ...MAP_ANSWER, 'GET /api/geocoding/search': { success: true, data: [HALL3] } });
      renderApp(<AddressForm onSaved={vi.fn()} />);
      expect(screen.getByText('Choose your address from di list make you fit save am.')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Choose di place wey near am' })).toBeVisible();
      await userEvent.type(screen.getByLabelText('Phone number'), '12345');
      await userEvent.type(screen.getByRole('combobox', { name: 'Your address' }), 'hall 3');
      await userEvent.click(await screen.findByRole('option', { name: HALL3.display_name }, { timeout: 5000 }));
      expect(screen.getByTestId('map-pin')).toHaveTextContent(`Map pin dey for: ${HALL3.display_name}`);
      await userEvent.click(screen.getByRole('button', { name: 'Save di address' }));
      // First name, last name and email, and the toast of the first.
      expect(await screen.findAllByText('You must fill dis one')).toHaveLength(4);
      // The specification's message, from the shared catalogue.
      expect(screen.getAllByText(/^Abeg put correct/).length).toBeGreaterThan(0);
    }, 30_000);
  });
});

describe('AddressForm: saving an address already kept', () => {
  afterEach(() => switchLanguage('en'));

  const KEPT: Address = {
    _id: 'a1',
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@example.com',
    address: HALL3.display_name,
    city: 'Benin City',
    state: 'Edo',
    zipcode: '300283',
    country: 'Nigeria',
    phone: '08031234567',
    latitude: HALL3.lat,
    longitude: HALL3.lon,
    placeId: HALL3.place_id,
    placeName: HALL3.display_name,
    block: 'C',
    floor: '',
    room: '214',
    landmark: '',
  };
  const answering = (message: string) => ({
    ...GUEST,
    ...MAP_ANSWER,
    'POST /api/address/update/a1': { success: true, message, address: KEPT },
  });

  it("says the server's words in English, and shows a message it does not know as it came", async () => {
    stubFetch(answering('Address updated'));
    const first = renderApp(<AddressForm initial={KEPT} onSaved={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Address updated')).toBeInTheDocument();
    first.unmount();

    stubFetch(answering('Address saved for later'));
    renderApp(<AddressForm initial={KEPT} onSaved={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Address saved for later')).toBeInTheDocument();
  });

  it('says it in Pidgin after the switch', async () => {
    await switchLanguage('pcm');
    stubFetch(answering('Address updated'));
    renderApp(<AddressForm initial={KEPT} onSaved={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save di address' }));
    expect(await screen.findByText('Address don change')).toBeInTheDocument();
  });
});
