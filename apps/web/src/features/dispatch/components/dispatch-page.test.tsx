import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG, type DispatchDto } from '@jara/shared';
import { noLiveMap, renderApp, stubFetch } from '../../../test/render';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { DispatchPage } from './dispatch-page';
import { CUSTOMER } from '../../../test/users';

// One fake socket shared by the app: the test plays the server's pushes through it.
const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('../../../lib/socket', () => {
  const socket = {
    on: (event: string, fn: (p: unknown) => void) => handlers.set(event, fn),
    off: (event: string) => handlers.delete(event),
    io: { on: () => undefined, off: () => undefined },
  };
  return { ensureConnected: () => socket, getSocket: () => socket, disconnectSocket: () => undefined };
});

function dispatch(overrides: Partial<DispatchDto> = {}): DispatchDto {
  return {
    _id: 'd1',
    status: 'Order Placed',
    deliveryFee: 900,
    serviceFee: 20,
    amount: 920,
    createdAt: '2026-11-21T10:00:00.000Z',
    isExpress: true,
    dropoff: {
      firstName: 'Bola',
      lastName: 'Ade',
      phone: '08051234567',
      address: 'Faculty of Engineering',
      email: 'bola@example.com',
    },
    pickup: {
      firstName: 'Ada',
      lastName: 'Obi',
      phone: '08031234567',
      address: 'Hall 2',
      email: 'ada@example.com',
      door: { placeName: null, block: 'B', floor: '', room: '12', landmark: 'Near the chapel' },
    },
    deliveryNote: 'Lecture notes',
    deliveryCode: '4821',
    canCancel: true,
    // Well ahead of any clock the test runs at: the window is open throughout.
    cancelUntil: '2999-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('DispatchPage', () => {
  it('shows ongoing dispatches with their code, completed ones in the other tab, and live updates', async () => {
    stubFetch({
      ...noLiveMap('dispatch', 'd1', 'd2', 'd3'),
      'GET /api/user/is-auth': { success: true, user: CUSTOMER, role: 'customer' },
      'GET /api/ratings/mine': { success: true, ratings: [] },
      'GET /api/dispatch/user': {
        success: true,
        orders: [
          dispatch(),
          dispatch({
            _id: 'd2',
            status: 'Order Delivered',
            deliveryNote: 'Old parcel',
            deliveryCode: '1111',
            canCancel: false,
          }),
        ],
      },
    });
    renderApp(<DispatchPage />);
    const card = await screen.findByRole('article', { name: 'To Bola Ade' }, { timeout: 5000 });
    expect(card).toHaveTextContent('Order Placed');
    expect(card).toHaveTextContent('Express');
    expect(card).toHaveTextContent('₦900');
    expect(card).toHaveTextContent('08051234567');
    expect(card).toHaveTextContent('Lecture notes');
    expect(within(card).getByRole('group', { name: 'Delivery code 4 8 2 1' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Block B · Room 12');
    expect(card).toHaveTextContent('Landmark: Near the chapel');
    expect(within(card).getByTestId('cancel-notice')).toHaveTextContent(/^You can cancel for \d+:\d\d more\.$/);
    expect(within(card).getByRole('button', { name: /Cancel dispatch/ })).toBeInTheDocument();
    expect(screen.queryByText('Old parcel')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New dispatch request' })).toHaveAttribute('href', '/dispatch-request');

    // The server pushes a change: the card follows without a reload.
    act(() => handlers.get('dispatch.updated')!(dispatch({ status: 'Order Assigned', canCancel: false })));
    expect(await screen.findByText('Order Assigned')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel dispatch/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('cancel-notice')).toHaveTextContent(
      'A rider has this dispatch now, so it can no longer be cancelled. Need help? Chat with support.',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Completed Orders' }));
    expect(screen.getByRole('tab', { name: 'Completed Orders' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Old parcel')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Delivery code/ })).not.toBeInTheDocument();

    act(() => handlers.get('dispatch.updated')!(dispatch({ status: 'Order Delivered', canCancel: false })));
    expect(await screen.findByText('Lecture notes')).toBeInTheDocument();
  }, 20_000);

  it('offers a delivered dispatch the rider rating, sent as a dispatch rating', async () => {
    const calls = stubFetch({
      ...noLiveMap('dispatch', 'd1', 'd2', 'd3'),
      'GET /api/user/is-auth': { success: true, user: CUSTOMER, role: 'customer' },
      'GET /api/dispatch/user': {
        success: true,
        orders: [
          dispatch(),
          dispatch({
            _id: 'd2',
            status: 'Order Delivered',
            canCancel: false,
            dropoff: { ...dispatch().dropoff, firstName: 'Chi' },
          }),
        ],
      },
      'GET /api/ratings/mine': { success: true, ratings: [] },
      'POST /api/ratings': { success: true, message: 'Thanks for rating your rider!' },
    });
    renderApp(<DispatchPage />);
    const ongoing = await screen.findByRole('article', { name: 'To Bola Ade' }, { timeout: 5000 });
    expect(within(ongoing).queryByRole('form', { name: 'Rate your rider' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Completed Orders' }));
    const delivered = screen.getByRole('article', { name: 'To Chi Ade' });
    await userEvent.click(await within(delivered).findByRole('radio', { name: '5 stars' }));
    await userEvent.click(within(delivered).getByRole('button', { name: 'Submit rating' }));
    expect(await screen.findByText('Thanks for rating your rider!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/ratings')?.body).toEqual({
      subjectType: 'dispatch',
      subjectId: 'd2',
      stars: 5,
    });
    expect(await within(delivered).findByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
  }, 20_000);

  it('says why a dispatch still waiting for a rider can no longer be cancelled', async () => {
    stubFetch({
      ...noLiveMap('dispatch', 'd1', 'd2', 'd3'),
      'GET /api/user/is-auth': { success: true, user: CUSTOMER, role: 'customer' },
      'GET /api/dispatch/user': { success: true, orders: [dispatch({ canCancel: false, cancelUntil: null })] },
    });
    renderApp(<DispatchPage />);
    const card = await screen.findByRole('article', { name: 'To Bola Ade' }, { timeout: 5000 });
    expect(within(card).getByTestId('cancel-notice')).toHaveTextContent(
      'The 5-minute window to cancel has passed. We are finding a rider; once one accepts, delivery takes about 30–60 minutes. Need help? Chat with support.',
    );
    expect(within(card).queryByRole('button', { name: /Cancel dispatch/ })).not.toBeInTheDocument();
  }, 20_000);

  it('shows the empty states of both tabs', async () => {
    stubFetch({
      ...noLiveMap('dispatch', 'd1', 'd2', 'd3'),
      'GET /api/user/is-auth': { success: true, user: CUSTOMER, role: 'customer' },
      'GET /api/dispatch/user': { success: true, orders: [] },
    });
    renderApp(<DispatchPage />);
    expect(await screen.findByText(MSG.noOngoing, {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Completed Orders' }));
    expect(screen.getByText(MSG.noCompleted)).toBeInTheDocument();
  }, 20_000);
});

describe('DispatchPage in Pidgin', () => {
  afterEach(() => i18n.activate('en'));

  it('names the tabs, the card and its status in Pidgin', async () => {
    await loadAreas(i18n, ['dispatch', 'delivery', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    stubFetch({
      ...noLiveMap('dispatch', 'd1', 'd2', 'd3'),
      'GET /api/user/is-auth': { success: true, user: CUSTOMER, role: 'customer' },
      'GET /api/dispatch/user': { success: true, orders: [dispatch()] },
    });
    renderApp(<DispatchPage />);
    const card = await screen.findByRole('article', { name: 'Na for Bola Ade' }, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Send parcel');
    expect(screen.getByRole('tab', { name: 'Dey go on' })).toHaveAttribute('aria-selected', 'true');
    expect(card).toHaveTextContent('Where e reach: Order don enter');
    expect(card).toHaveTextContent('Sharp sharp');
    expect(within(card).getByRole('group', { name: 'Delivery code na 4 8 2 1' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cancel the dispatch for Bola Ade' })).toHaveTextContent(
      'Cancel am',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Don finish' }));
    // The spec's empty state, from the shared catalogue.
    expect(screen.getByText(i18n._('msg.noCompleted'))).toBeInTheDocument();
    expect(screen.queryByText(MSG.noCompleted)).not.toBeInTheDocument();
  }, 20_000);
});
