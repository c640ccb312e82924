import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellerProfileDto } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { PreparationTimeForm } from './preparation-time';

const vendor: SellerProfileDto = {
  _id: 'v1',
  businessName: 'Mama Put',
  kind: 'food',
  phone: '08031234567',
  address: 'UNIBEN Main Gate, Ugbowo',
  placeId: 'main-gate',
  latitude: 6.3989,
  longitude: 5.6118,
  profilePhoto: '/media/vendors/v1/a.webp',
  openingHours: { '0': null, '1': { open: '08:00', close: '21:00' } },
  isOpen: true,
  openNow: true,
  preparationMinutes: 15,
  slotCapacity: 8,
  status: 'approved',
  rejectionReason: null,
};

afterEach(() => i18n.activate('en'));

describe('the preparation time', () => {
  it('saves whole minutes from 5 to 120 and refuses anything else before asking the server', async () => {
    const calls = stubFetch({
      ...GUEST,
      'POST /api/seller/preparation': (body: unknown) => ({
        success: true,
        vendor: { ...vendor, ...(body as object) },
      }),
    });
    renderApp(<PreparationTimeForm vendor={vendor} />);
    const field = await screen.findByLabelText('Preparation time (minutes)');
    expect(field).toHaveValue(15);
    expect(field).toHaveAccessibleDescription(/until the rider picks up/);

    for (const bad of ['4', '121', '12.5', '']) {
      await userEvent.clear(field);
      if (bad) await userEvent.type(field, bad);
      await userEvent.click(screen.getByRole('button', { name: 'Save preparation and slots' }));
      expect(screen.getByText('Enter whole minutes from 5 to 120')).toBeInTheDocument();
    }
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Save preparation and slots' }));
    expect(await screen.findByText('Preparation time and slots saved')).toBeInTheDocument();
    expect(screen.queryByText('Enter whole minutes from 5 to 120')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/seller/preparation', body: { preparationMinutes: 25, slotCapacity: 8 } },
    ]);
  });

  it('saves the orders per delivery slot, from 1 to 100, the problem under its field', async () => {
    const calls = stubFetch({
      ...GUEST,
      'POST /api/seller/preparation': (body: unknown) => ({
        success: true,
        vendor: { ...vendor, ...(body as object) },
      }),
    });
    renderApp(<PreparationTimeForm vendor={vendor} />);
    const field = await screen.findByLabelText('Orders per delivery slot');
    expect(field).toHaveValue(8);
    expect(field).toHaveAccessibleDescription(/one 30-minute delivery slot/);
    const save = screen.getByRole('button', { name: 'Save preparation and slots' });

    for (const bad of ['0', '101', '2.5', '']) {
      await userEvent.clear(field);
      if (bad) await userEvent.type(field, bad);
      await userEvent.click(save);
      expect(field).toHaveAccessibleDescription(/Enter a whole number from 1 to 100$/);
      expect(screen.queryByText('Enter whole minutes from 5 to 120')).toBeNull();
    }
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '12');
    await userEvent.click(save);
    expect(await screen.findByText('Preparation time and slots saved')).toBeInTheDocument();
    expect(screen.queryByText('Enter a whole number from 1 to 100')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { preparationMinutes: 15, slotCapacity: 12 },
    ]);
  });

  it('speaks Pidgin', async () => {
    await loadAreas(i18n, ['seller', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    stubFetch(GUEST);
    renderApp(<PreparationTimeForm vendor={vendor} />);
    const minutes = await screen.findByLabelText('How long e dey take you prepare order (minutes)');
    expect(minutes).toHaveValue(15);
    expect(screen.getByLabelText('How many orders for one delivery time')).toHaveValue(8);
    await userEvent.clear(minutes);
    await userEvent.click(screen.getByRole('button', { name: 'Save di preparation and slots' }));
    expect(screen.getByText('Put only full minutes, from 5 reach 120')).toBeInTheDocument();
  });
});
