import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderThreadDto } from '@jara/shared';
import { renderApp, stubFetch } from '../../../test/render';
import { ThreadPage } from './thread-page';
import { ThreadsPage } from './threads-page';

vi.mock('../../../lib/socket', () => {
  const socket = {
    connected: false,
    active: false,
    io: { on: () => undefined, off: () => undefined },
    emit: () => socket,
    connect: () => socket,
    on: () => socket,
    off: () => socket,
  };
  return { getSocket: () => socket, ensureConnected: () => socket, disconnectSocket: () => undefined };
});

const ORDER = 'aaaaaaaa-0000-4000-8000-000000000001';
const CHAT = '11111111-1111-4111-8111-111111111111';
const me = (id: string, role: string, name: string) => ({
  'GET /api/user/is-auth': {
    success: true,
    user: { _id: id, name, email: `${id}@jara.test`, role, roles: [role], chatId: null, cartItems: {}, wishList: [] },
    role,
  },
});

function thread(over: Partial<OrderThreadDto> = {}): { success: true; thread: OrderThreadDto } {
  return {
    success: true,
    thread: {
      _id: CHAT,
      card: {
        kind: 'order',
        _id: ORDER,
        reference: ORDER.slice(0, 8),
        status: 'Order Picked',
        amount: 2500,
        items: [
          { name: 'Jollof rice', option: '', quantity: 2, price: 1000, shop: 'Mama Put', status: 'Order Picked' },
        ],
        deliverTo: 'Ada Obi — Hall 2',
        door: { placeName: null, block: 'C', floor: '', room: '214', landmark: '' },
        deliveryNote: '',
        timeline: [
          { key: 'placed', label: 'Order placed', at: '2026-11-25T10:00:00.000Z', note: null },
          { key: 'ready', label: 'Ready at Mama Put', at: '2026-11-25T10:10:00.000Z', note: null },
          { key: 'arrived', label: 'Rider at the door', at: '2026-11-25T10:30:00.000Z', note: null },
        ],
        createdAt: '2026-11-25T10:00:00.000Z',
      },
      people: [
        { _id: 'cust', name: 'Ada', role: 'customer' },
        { _id: 'shop', name: 'Mama Put', role: 'vendor' },
        { _id: 'rider', name: 'Musa', role: 'rider' },
      ],
      helpRequested: false,
      closesAt: null,
      readOnly: false,
      contacts: [],
      messages: [
        {
          _id: 'm1',
          chatId: CHAT,
          senderId: 'shop',
          senderName: 'Mama Put',
          message: 'Your order is ready for pickup',
          media: null,
          mediaType: null,
          timestamp: '2026-11-25T10:10:00.000Z',
        },
      ],
      hasMore: false,
      ...over,
    },
  };
}

const route = { route: `/threads/order/${ORDER}`, path: '/threads/:kind/:id' };

describe('ThreadPage', () => {
  it('pins the order, names the others, offers the customer their quick replies and asks support in', async () => {
    const calls = stubFetch({
      ...me('cust', 'customer', 'Ada Obi'),
      [`GET /api/threads/order/${ORDER}`]: thread(),
      'POST /api/chat/read': { success: true },
      [`POST /api/threads/order/${ORDER}/help`]: { success: true },
      [`POST /api/threads/order/${ORDER}/messages`]: {
        success: true,
        message: 'Message sent',
        newMessage: {
          _id: 'm2',
          chatId: CHAT,
          senderId: 'cust',
          senderName: 'Ada Obi',
          message: 'Coming down',
          media: null,
          mediaType: null,
          timestamp: '2026-11-25T10:31:00.000Z',
        },
      },
    });
    renderApp(<ThreadPage />, route);
    expect(await screen.findByRole('heading', { name: 'Order aaaaaaaa' })).toBeInTheDocument();
    expect(screen.getByTestId('thread-people')).toHaveTextContent('Mama Put (shop) · Musa (rider)');
    // The rider tapped "I have arrived" and the parcel is not handed over: said at the top.
    expect(screen.getByText('The rider is at the door and waits 5 minutes.')).toBeInTheDocument();
    const card = screen.getByTestId('thread-card');
    await userEvent.click(within(card).getByRole('button', { expanded: false }));
    expect(within(card).getByText('2 × Jollof rice · Mama Put')).toBeInTheDocument();
    expect(within(card).getByText('Ready at Mama Put')).toBeInTheDocument();

    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(within(messages).getByText('Your order is ready for pickup')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Coming down' }));
    expect(await within(messages).findByText('Coming down')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path.endsWith('/messages'));
    expect(sent).toBeDefined();

    await userEvent.click(screen.getByRole('button', { name: 'Ask Jara support' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/help'))).toBe(true));
  });

  it('shows a closed thread read-only, without quick replies or a way to write', async () => {
    stubFetch({
      ...me('rider', 'rider', 'Musa Rider'),
      [`GET /api/threads/order/${ORDER}`]: thread({ readOnly: true, closesAt: '2026-11-20T10:00:00.000Z' }),
      'POST /api/chat/read': { success: true },
    });
    renderApp(<ThreadPage />, route);
    expect(
      await screen.findByText('This conversation closed 7 days after delivery. You can still read it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'On my way' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Ask Jara support' })).not.toBeInTheDocument();
  });

  it('tells someone who is not part of the order that there is no such conversation', async () => {
    stubFetch({
      ...me('stranger', 'customer', 'Stranger'),
      [`GET /api/threads/order/${ORDER}`]: new Response(
        JSON.stringify({ success: false, code: 'not_found', message: 'This conversation does not exist.' }),
        { status: 404, headers: { 'Content-Type': 'application/json' } },
      ),
    });
    renderApp(<ThreadPage />, route);
    expect(await screen.findByText('This conversation does not exist.')).toBeInTheDocument();
  });
});

describe('ThreadsPage', () => {
  it('lists the person’s order chats with their last message and what is unread, each opening its thread', async () => {
    stubFetch({
      ...me('cust', 'customer', 'Ada Obi'),
      'GET /api/threads': {
        success: true,
        threads: [
          {
            _id: CHAT,
            kind: 'order',
            subjectId: ORDER,
            lastMessage: {
              message: 'On my way',
              mediaType: null,
              senderId: 'rider',
              timestamp: '2026-11-25T10:20:00.000Z',
            },
            lastMessageAt: '2026-11-25T10:20:00.000Z',
            unread: 2,
          },
          {
            _id: '22222222-2222-4222-8222-222222222222',
            kind: 'dispatch',
            subjectId: 'bbbbbbbb-0000-4000-8000-000000000002',
            lastMessage: {
              message: 'Gate 2',
              mediaType: null,
              senderId: 'cust',
              timestamp: '2026-11-24T09:00:00.000Z',
            },
            lastMessageAt: '2026-11-24T09:00:00.000Z',
            unread: 0,
          },
        ],
      },
    });
    renderApp(<ThreadsPage />, { route: '/threads' });
    const order = await screen.findByRole('link', { name: /Order aaaaaaaa/ });
    expect(order).toHaveAttribute('href', `/threads/order/${ORDER}`);
    expect(order).toHaveTextContent('On my way');
    expect(order).toHaveTextContent('2 new');
    const parcel = screen.getByRole('link', { name: /Dispatch bbbbbbbb/ });
    expect(parcel).toHaveTextContent('You: Gate 2');
  });

  it('says so when there is none', async () => {
    stubFetch({ ...me('rider', 'rider', 'Musa'), 'GET /api/threads': { success: true, threads: [] } });
    renderApp(<ThreadsPage />, { route: '/threads' });
    expect(await screen.findByText("No order chats yet. Open one from an order's card.")).toBeInTheDocument();
  });
});
