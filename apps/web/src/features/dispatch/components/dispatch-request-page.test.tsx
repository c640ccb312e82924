import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@jara/shared';
import { renderApp, stubFetch } from '../../../test/render';
import { DispatchRequestPage } from './dispatch-request-page';
import { CUSTOMER } from '../../../test/users';

const ADDRESS = {
  _id: '0b6f3c1e-4f7a-4a57-9a53-2f6f8d1c9e01',
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.com',
  address: 'Hall 2',
  city: 'Benin City',
  state: 'Edo',
  zipcode: '300283',
  country: 'Nigeria',
  phone: '08031234567',
  latitude: 6.39795,
  longitude: 5.6196,
};
const PLACE = {
  display_name: 'Faculty of Engineering, University of Benin',
  place_id: 'p1',
  lat: 6.40179,
  lon: 5.61537,
};

describe('DispatchRequestPage', () => {
  beforeEach(() => sessionStorage.clear());

  it('prices after a suggestion is picked, applies express, and sends only what the server prices from', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const calls = stubFetch({
      'GET /api/user/is-auth': { success: true, user: CUSTOMER, role: 'customer' },
      'GET /api/address/get': { success: true, addresses: [ADDRESS] },
      'GET /api/geocoding/search': { success: true, data: [PLACE] },
      'POST /api/dispatch/delivery-fee': { success: true, deliveryFee: 600 },
      'POST /api/payment/paystack-dispatch': {
        success: true,
        url: 'http://localhost/sandbox/checkout/ref1',
        reference: 'ref1',
      },
    });
    renderApp(<DispatchRequestPage />);
    const summary = await screen.findByRole('region', { name: 'Order Summary' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Pick-up Location' })).toHaveTextContent('Hall 2'), {
      timeout: 5000,
    });

    // Before a drop-off is picked the summary says what it needs, never a ₦0 total.
    expect(within(summary).getByTestId('delivery-fee')).toHaveTextContent('Pick a drop-off to see the fee');
    expect(within(summary).getByTestId('total')).not.toHaveTextContent('₦');
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(/delivery code is emailed here/);

    await userEvent.type(screen.getByLabelText('First Name'), 'Bola');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Ade');
    await userEvent.type(screen.getByLabelText('Email address'), 'bola@example.com');
    await userEvent.type(screen.getByLabelText('Phone'), '08051234567');
    await userEvent.type(screen.getByRole('combobox', { name: 'Address' }), 'Faculty');
    await userEvent.click(await screen.findByRole('option', { name: PLACE.display_name }, { timeout: 5000 }));
    await userEvent.type(screen.getByLabelText('Block'), 'C');
    await userEvent.type(screen.getByLabelText('Room'), '214');
    await userEvent.type(screen.getByLabelText(/Landmark/), 'Blue gate');
    await waitFor(() => expect(within(summary).getByTestId('delivery-fee')).toHaveTextContent('₦600'), {
      timeout: 5000,
    });
    expect(within(summary).getByTestId('total')).toHaveTextContent('₦610');
    expect(calls.find((c) => c.path === '/api/dispatch/delivery-fee')?.body).toEqual({
      latitude1: ADDRESS.latitude,
      longitude1: ADDRESS.longitude,
      latitude2: PLACE.lat,
      longitude2: PLACE.lon,
    });

    await userEvent.click(screen.getByLabelText(/Express Delivery/));
    expect(within(summary).getByTestId('delivery-fee')).toHaveTextContent('₦900');
    expect(within(summary).getByTestId('total')).toHaveTextContent('₦920');

    await userEvent.type(screen.getByPlaceholderText(MSG.dispatchPlaceholder), 'Books');
    await userEvent.click(screen.getByRole('button', { name: MSG.submitDispatch }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/sandbox/checkout/ref1'), {
      timeout: 5000,
    });
    expect(calls.find((c) => c.path === '/api/payment/paystack-dispatch')?.body).toEqual({
      pickupAddress: ADDRESS._id,
      dropoff: {
        firstName: 'Bola',
        lastName: 'Ade',
        email: 'bola@example.com',
        address: PLACE.display_name,
        phone: '08051234567',
        latitude: PLACE.lat,
        longitude: PLACE.lon,
        block: 'C',
        floor: '',
        room: '214',
        landmark: 'Blue gate',
      },
      deliveryNote: 'Books',
      isExpress: true,
      email: CUSTOMER.email,
    });
    expect(screen.getByRole('button', { name: MSG.submitDispatch })).toBeDisabled();
  }, 20_000);

  it('drops the fee when the fee call fails, and shows no total', async () => {
    stubFetch({
      'GET /api/user/is-auth': { success: true, user: CUSTOMER, role: 'customer' },
      'GET /api/address/get': { success: true, addresses: [ADDRESS] },
      'GET /api/geocoding/search': { success: true, data: [PLACE] },
      'POST /api/dispatch/delivery-fee': () =>
        new Response(JSON.stringify({ success: false, message: 'down' }), { status: 500 }),
    });
    renderApp(<DispatchRequestPage />);
    const summary = await screen.findByRole('region', { name: 'Order Summary' }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('region', { name: 'Pick-up Location' })).toHaveTextContent('Hall 2'), {
      timeout: 5000,
    });
    await userEvent.type(screen.getByRole('combobox', { name: 'Address' }), 'Faculty');
    await userEvent.click(await screen.findByRole('option', { name: PLACE.display_name }, { timeout: 5000 }));
    expect(await screen.findByText(MSG.failedDeliveryFee, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(summary).getByTestId('delivery-fee')).toHaveTextContent('Unavailable');
    expect(within(summary).getByTestId('total')).not.toHaveTextContent('₦');
  }, 20_000);
});
