import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DisputeDto, OrderThreadDto, ThreadDisputesDto } from '@jara/shared';
import { switchLanguage } from '../../../i18n';
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
      disputes: null,
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

const DISPUTES = `/api/threads/order/${ORDER}/disputes`;
const IN_AN_HOUR = () => new Date(Date.now() + 60 * 60_000).toISOString();
const AN_HOUR_AGO = () => new Date(Date.now() - 60 * 60_000).toISOString();

function dispute(over: Partial<DisputeDto> = {}): DisputeDto {
  return {
    _id: 'dddddddd-0000-4000-8000-000000000001',
    orderId: ORDER,
    itemId: null,
    itemName: null,
    reason: 'damaged',
    amount: 300,
    note: 'The rice spilled in the bag',
    photo: null,
    state: 'open',
    refund: null,
    bearer: null,
    resolution: null,
    openedAt: '2026-11-25T11:00:00.000Z',
    settledAt: null,
    ...over,
  };
}

/** A delivered order's thread with its disputes (2,500 remains paid unless said). */
const delivered = (disputes: Partial<ThreadDisputesDto>) =>
  thread({
    card: { ...thread().thread.card, status: 'Order Delivered' },
    disputes: { disputes: [], openUntil: IN_AN_HOUR(), remaining: 2500, ...disputes },
  });

describe('ThreadPage: reporting a problem', () => {
  it('lets the customer report a problem inside the window, sent as multipart, then reads the thread again', async () => {
    let reported = false;
    const calls = stubFetch({
      ...me('cust', 'customer', 'Ada Obi'),
      [`GET /api/threads/order/${ORDER}`]: () => (reported ? delivered({ disputes: [dispute()] }) : delivered({})),
      'POST /api/chat/read': { success: true },
      [`POST ${DISPUTES}`]: () => {
        reported = true;
        return { success: true, dispute: dispute() };
      },
    });
    renderApp(<ThreadPage />, route);
    const report = await screen.findByRole('button', { name: 'Report a problem' });
    expect(screen.getByText(/^You can report a problem until /)).toBeInTheDocument();
    await userEvent.click(report);

    const form = screen.getByRole('form', { name: 'Report a problem' });
    expect(within(form).getByText('Up to ₦2,500')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('radio', { name: 'Damaged' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount to refund (₦)' }), '300');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Note (optional)' }), 'The rice spilled in the bag');
    const photo = new File(['png'], 'bag.png', { type: 'image/png' });
    await userEvent.upload(within(form).getByLabelText('Photo (optional)'), photo);
    await userEvent.click(within(form).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Problem reported: support will look at it')).toBeInTheDocument();
    const sent = calls.filter((c) => c.method === 'POST' && c.path === DISPUTES);
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('reason')).toBe('damaged');
    expect(body.get('amount')).toBe('300');
    expect(body.get('note')).toBe('The rice spilled in the bag');
    expect((body.get('attachment') as File).name).toBe('bag.png');
    expect(body.has('itemId')).toBe(false);

    // The form closes and the thread is read again: the dispute is listed, open, and no second report is offered.
    const listed = await screen.findByTestId('thread-dispute');
    expect(within(listed).getByText('Damaged')).toBeInTheDocument();
    expect(within(listed).getByText('Open')).toBeInTheDocument();
    expect(within(listed).getByText('Asked for ₦300')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Report a problem' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it.each([
    ['after the window', { openUntil: AN_HOUR_AGO() }],
    ['before delivery (no window yet)', { openUntil: null }],
    ['while a dispute is open', { disputes: [dispute()] }],
  ])('offers no report %s', async (_when, disputes: Partial<ThreadDisputesDto>) => {
    stubFetch({
      ...me('cust', 'customer', 'Ada Obi'),
      [`GET /api/threads/order/${ORDER}`]: delivered(disputes),
      'POST /api/chat/read': { success: true },
    });
    renderApp(<ThreadPage />, route);
    await screen.findByRole('heading', { name: 'Order aaaaaaaa' });
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^You can report a problem until /)).not.toBeInTheDocument();
  });

  it('checks the report before sending: a reason, at most two decimals, no more than what remains', async () => {
    const calls = stubFetch({
      ...me('cust', 'customer', 'Ada Obi'),
      [`GET /api/threads/order/${ORDER}`]: delivered({}),
      'POST /api/chat/read': { success: true },
    });
    renderApp(<ThreadPage />, route);
    await userEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const form = screen.getByRole('form', { name: 'Report a problem' });
    const amount = within(form).getByRole('textbox', { name: 'Amount to refund (₦)' });
    const send = within(form).getByRole('button', { name: 'Send report' });

    await userEvent.type(amount, '300.505');
    await userEvent.click(send);
    expect(within(form).getByText('Choose what went wrong.')).toBeInTheDocument();
    expect(within(form).getByText('At most two decimals (kobo).')).toBeInTheDocument();

    await userEvent.click(within(form).getByRole('radio', { name: 'Never arrived' }));
    await userEvent.clear(amount);
    await userEvent.type(amount, '2500.01');
    await userEvent.click(send);
    expect(within(form).queryByText('Choose what went wrong.')).not.toBeInTheDocument();
    expect(within(form).getByText('At most ₦2,500 for this order.')).toBeInTheDocument();

    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    expect(within(form).getByText('Enter an amount above ₦0.')).toBeInTheDocument();

    expect(calls.some((c) => c.path === DISPUTES)).toBe(false);
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Report a problem' })).toBeInTheDocument();
  });

  it('toasts what the server says when the report is refused, and keeps the form', async () => {
    stubFetch({
      ...me('cust', 'customer', 'Ada Obi'),
      [`GET /api/threads/order/${ORDER}`]: delivered({}),
      'POST /api/chat/read': { success: true },
      [`POST ${DISPUTES}`]: new Response(
        JSON.stringify({
          success: false,
          code: 'window_over',
          message: 'The time to report a problem with this order is over.',
        }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      ),
    });
    renderApp(<ThreadPage />, route);
    await userEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const form = screen.getByRole('form', { name: 'Report a problem' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Wrong item' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Amount to refund (₦)' }), '1000.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('The time to report a problem with this order is over.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Report a problem' })).toBeInTheDocument();
  });

  it('shows the vendor the disputes and their outcome, with no way to report', async () => {
    stubFetch({
      ...me('shop', 'seller', 'Mama Put'),
      [`GET /api/threads/order/${ORDER}`]: delivered({
        disputes: [
          dispute({
            state: 'refunded',
            refund: 250,
            bearer: 'vendor',
            photo: '/uploads/disputes/bag.png',
            settledAt: '2026-11-25T12:00:00.000Z',
          }),
          dispute({
            _id: 'dddddddd-0000-4000-8000-000000000002',
            reason: 'missing_item',
            itemName: 'Jollof rice',
            note: '',
            state: 'rejected',
            resolution: 'The rider’s photo shows both packs',
            settledAt: '2026-11-25T12:30:00.000Z',
          }),
        ],
      }),
      'POST /api/chat/read': { success: true },
    });
    renderApp(<ThreadPage />, route);
    const [refunded, rejected] = await screen.findAllByTestId('thread-dispute');
    expect(within(refunded!).getByText('Refunded')).toBeInTheDocument();
    expect(within(refunded!).getByText('₦250 refunded, paid by the shop')).toBeInTheDocument();
    expect(within(refunded!).getByRole('link')).toHaveAttribute('href', '/uploads/disputes/bag.png');
    expect(within(refunded!).getByRole('img', { name: 'Photo of the problem' })).toBeInTheDocument();
    expect(within(refunded!).getByText(/^Reported 25 Nov, .* · Settled 25 Nov/)).toBeInTheDocument();
    expect(within(rejected!).getByText('Missing item')).toBeInTheDocument();
    expect(within(rejected!).getByText(/About Jollof rice/)).toBeInTheDocument();
    expect(within(rejected!).getByText('Rejected: The rider’s photo shows both packs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it('speaks Pidgin', async () => {
    await switchLanguage('pcm');
    try {
      stubFetch({
        ...me('cust', 'customer', 'Ada Obi'),
        [`GET /api/threads/order/${ORDER}`]: delivered({}),
        'POST /api/chat/read': { success: true },
      });
      renderApp(<ThreadPage />, route);
      await userEvent.click(await screen.findByRole('button', { name: 'Report wahala' }));
      expect(screen.getByRole('radio', { name: 'E no reach me' })).toBeInTheDocument();
      expect(screen.getByText('E no fit pass ₦2,500')).toBeInTheDocument();
    } finally {
      await switchLanguage('en');
    }
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
