import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDto } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { OrderCard } from './order-card';

function order(overrides: Partial<OrderDto> = {}): OrderDto {
  return {
    _id: 'o1',
    createdAt: '2026-11-21T10:00:00.000Z',
    paidAt: '2026-11-21T10:01:00.000Z',
    amount: 3060,
    itemsPrice: 2500,
    deliveryFee: 500,
    serviceFee: 60,
    status: 'Order Delivered',
    deliveryCode: null,
    canCancel: false,
    cancelUntil: null,
    items: [
      {
        _id: 'i1',
        product: { _id: 'p1', name: 'Jollof rice', image: null },
        optionId: 'op1',
        optionName: 'Default Option',
        quantity: 1,
        vendorId: 'v1',
        vendorName: 'Mama Put',
        status: 'Order Delivered',
        unitPrice: 2500,
      },
    ],
    address: {
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      address: 'Hall 2',
      city: 'Benin City',
      state: 'Edo',
      zipcode: '300283',
      country: 'Nigeria',
      phone: '08031234567',
      latitude: 6.4,
      longitude: 5.61,
    },
    ...overrides,
  };
}

describe('OrderCard rating', () => {
  it('lets the customer rate the rider of a delivered order and then shows the stars given', async () => {
    const calls = stubFetch({
      ...GUEST,
      'GET /api/ratings/mine': { success: true, ratings: [] },
      'POST /api/ratings': { success: true, message: 'Thanks for rating your rider!' },
    });
    renderApp(
      <ul>
        <OrderCard order={order()} defaultOpen />
      </ul>,
    );
    const form = await screen.findByRole('form', { name: 'Rate your rider' });
    await userEvent.click(within(form).getByRole('radio', { name: '3 stars' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Comment (optional)' }), 'Food was still warm');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByText('Thanks for rating your rider!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      subjectType: 'order',
      subjectId: 'o1',
      stars: 3,
      comment: 'Food was still warm',
    });
    expect(await screen.findByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
  });

  it('shows no rating control before delivery', async () => {
    const calls = stubFetch(GUEST);
    renderApp(
      <ul>
        <OrderCard order={order({ status: 'Order Picked', deliveryCode: '4821' })} defaultOpen />
      </ul>,
    );
    expect(await screen.findByText('Give this code to your rider on delivery')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Rate your rider' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/ratings/mine')).toBe(false);
  });
});
