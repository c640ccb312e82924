import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { SupportAlertEvent } from '@jara/shared';
import userEvent from '@testing-library/user-event';
import { renderApp, stubFetch } from '../../../test/render';
import { i18n, switchLanguage } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { SupportPage } from './support-page';

// One fake socket shared by the app: the test plays the server's pushes through it.
const handlers = new Map<string, (payload: unknown) => void>();
vi.mock('../../../lib/socket', () => {
  const socket = {
    connected: false,
    active: false,
    emit: () => socket,
    connect: () => socket,
    on: (event: string, fn: (p: unknown) => void) => (handlers.set(event, fn), socket),
    off: (event: string) => (handlers.delete(event), socket),
  };
  return { getSocket: () => socket, ensureConnected: () => socket, disconnectSocket: () => undefined };
});

const person = (role: string) => ({
  _id: `id-${role}`,
  name: role === 'support' ? 'Sade Support' : 'Ada',
  email: `${role}@jara.test`,
  isSeller: false,
  isRider: false,
  role,
  roles: [role],
  chatId: null,
  cartItems: {},
  wishList: [],
});
const CHAT = '11111111-1111-4111-8111-111111111111';
const summary = {
  _id: CHAT,
  status: 'open',
  customer: { _id: 'cust', name: 'Ada Customer', email: 'customer@jara.test' },
  lastMessage: {
    message: 'Where is my order?',
    mediaType: null,
    senderId: 'cust',
    timestamp: '2025-03-10T09:00:00.000Z',
  },
  lastMessageAt: '2025-03-10T09:00:00.000Z',
  unread: 2,
};
const thread = {
  success: true,
  chat: {
    _id: CHAT,
    status: 'open',
    customer: summary.customer,
    hasMore: false,
    messages: [
      {
        _id: 'm1',
        chatId: CHAT,
        senderId: 'cust',
        senderName: 'Ada Customer',
        message: 'Where is my order?',
        media: null,
        mediaType: null,
        timestamp: '2025-03-10T09:00:00.000Z',
      },
    ],
  },
};
const context = {
  success: true,
  context: {
    customer: {
      _id: 'cust',
      name: 'Ada Customer',
      email: 'customer@jara.test',
      memberSince: '2025-01-01T00:00:00.000Z',
    },
    orders: [
      {
        _id: 'aaaaaaaa-0000-4000-8000-000000000000',
        createdAt: '2025-03-10T08:00:00.000Z',
        amount: 2132,
        status: 'Order Picked',
        items: [{ name: 'Jollof rice', quantity: 1, status: 'Order Picked' }],
        deliverTo: 'Ada Customer — Ugbowo, Benin City',
        door: { placeName: null, block: 'C', floor: '', room: '214', landmark: '' },
        deliveryNote: '',
      },
    ],
    dispatches: [],
  },
};

describe('SupportPage', () => {
  it('is only for support agents and admins', async () => {
    stubFetch({ 'GET /api/user/is-auth': { success: true, user: person('customer'), role: 'customer' } });
    renderApp(<SupportPage />, { route: '/support' });
    expect(await screen.findByText('This page is for Jara support agents.')).toBeInTheDocument();
  });

  it('lists conversations with unread counts, opens a thread with the customer context, and replies', async () => {
    const calls = stubFetch({
      'GET /api/user/is-auth': { success: true, user: person('support'), role: 'support' },
      'GET /api/support/chats': { success: true, chats: [summary] },
      [`GET /api/support/chats/${CHAT}`]: thread,
      [`GET /api/support/chats/${CHAT}/context`]: context,
      [`POST /api/support/chats/${CHAT}/read`]: { success: true },
      [`POST /api/support/chats/${CHAT}/reply`]: {
        success: true,
        chat: { _id: CHAT, status: 'open' },
        newMessage: {
          _id: 'm2',
          chatId: CHAT,
          senderId: 'id-support',
          senderName: 'Sade Support',
          message: 'On its way!',
          media: null,
          mediaType: null,
          timestamp: '2025-03-10T09:01:00.000Z',
        },
      },
    });
    renderApp(<SupportPage />, { route: '/support' });
    const row = await screen.findByRole('button', { name: /Ada Customer/ });
    expect(row).toHaveTextContent('2 unread');
    await userEvent.click(row);

    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(within(messages).getByText('Where is my order?')).toBeInTheDocument();
    const aside = screen.getByRole('complementary', { name: "Customer's orders and dispatches" });
    expect(await within(aside).findByText(/1 × Jollof rice/)).toBeInTheDocument();
    expect(within(aside).getByText('To Ada Customer — Ugbowo, Benin City')).toBeInTheDocument();
    expect(within(aside).getByText('Block C · Room 214')).toBeInTheDocument();
    expect(within(aside).getByText('Member since Jan 2025')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/read'))).toBe(true));

    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'On its way!{Enter}');
    expect(await within(messages).findByText('On its way!')).toBeInTheDocument();
    const reply = calls.find((c) => c.method === 'POST' && c.path.endsWith('/reply'));
    expect(reply?.body).toBeInstanceOf(FormData);
    expect((reply!.body as FormData).get('message')).toBe('On its way!');
  });

  it('shows a locked delivery pushed to support until it is dismissed', async () => {
    stubFetch({
      'GET /api/user/is-auth': { success: true, user: person('support'), role: 'support' },
      'GET /api/support/chats': { success: true, chats: [summary] },
    });
    renderApp(<SupportPage />, { route: '/support' });
    await screen.findByRole('button', { name: /Ada Customer/ });
    const alert: SupportAlertEvent = {
      kind: 'order_code_locked',
      orderId: 'o1',
      riderId: 'r1',
      message: 'Order o1 was locked after 5 wrong delivery codes.',
      createdAt: '2025-03-10T09:00:00.000Z',
    };
    act(() => handlers.get('support.alert')!(alert));
    act(() => handlers.get('support.alert')!(alert));
    const shown = await screen.findAllByRole('alert');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveTextContent('Order o1 was locked after 5 wrong delivery codes.');
    await userEvent.click(within(shown[0]!).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // A delivery left on the board with no rider, beside the locked one and kept apart from it.
    const noRider = {
      kind: 'no_rider' as const,
      jobKind: 'order' as const,
      jobId: 'o1',
      message: 'No rider has taken order o1 in 10 minutes',
      createdAt: '2025-03-10T09:10:00.000Z',
    };
    act(() => handlers.get('support.alert')!(alert));
    act(() => handlers.get('support.alert')!(noRider));
    const both = await screen.findAllByRole('alert');
    expect(both.map((a) => a.textContent)).toEqual([
      expect.stringContaining('No rider has taken order o1 in 10 minutes'),
      expect.stringContaining('Order o1 was locked after 5 wrong delivery codes.'),
    ]);
  });

  it('speaks Pidgin when the agent chooses it', async () => {
    await loadAreas(i18n, ['support', 'conversation', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    try {
      stubFetch({
        'GET /api/user/is-auth': { success: true, user: person('support'), role: 'support' },
        'GET /api/support/chats': { success: true, chats: [summary] },
        [`GET /api/support/chats/${CHAT}`]: thread,
        [`GET /api/support/chats/${CHAT}/context`]: context,
        [`POST /api/support/chats/${CHAT}/read`]: { success: true },
      });
      renderApp(<SupportPage />, { route: '/support' });
      expect(await screen.findByRole('tab', { name: 'Chat dem' })).toHaveAttribute('aria-selected', 'true');
      const row = await screen.findByRole('button', { name: /Ada Customer/ });
      expect(row).toHaveTextContent('2 never read');
      expect(screen.getByText('Pick one chat make you answer.')).toBeInTheDocument();
      await userEvent.click(row);
      const aside = await screen.findByRole('complementary', { name: 'Customer order and dispatch dem' });
      expect(await within(aside).findByText('Go Ada Customer — Ugbowo, Benin City')).toBeInTheDocument();
      expect(within(aside).getByText('E join since Jan 2025')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Settle am' })).toBeInTheDocument();
    } finally {
      i18n.activate('en');
    }
  });
});

describe('SupportPage: resolving a conversation', () => {
  const answering = (message: string) => ({
    'GET /api/user/is-auth': { success: true, user: person('support'), role: 'support' },
    'GET /api/support/chats': { success: true, chats: [summary] },
    [`GET /api/support/chats/${CHAT}`]: thread,
    [`GET /api/support/chats/${CHAT}/context`]: context,
    [`POST /api/support/chats/${CHAT}/read`]: { success: true },
    [`POST /api/support/chats/${CHAT}/resolve`]: { success: true, message, chat: { _id: CHAT, status: 'resolved' } },
  });

  it("says the server's words in English", async () => {
    const calls = stubFetch(answering('Marked as resolved'));
    renderApp(<SupportPage />, { route: '/support' });
    await userEvent.click(await screen.findByRole('button', { name: /Ada Customer/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark resolved' }));
    expect(await screen.findByText('Marked as resolved')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/resolve'))).toBe(true);
  });

  it('says it in Pidgin after the switch', async () => {
    await switchLanguage('pcm');
    try {
      stubFetch(answering('Marked as resolved'));
      renderApp(<SupportPage />, { route: '/support' });
      await userEvent.click(await screen.findByRole('button', { name: /Ada Customer/ }));
      await userEvent.click(await screen.findByRole('button', { name: 'Settle am' }));
      expect(await screen.findByText('E don settle')).toBeInTheDocument();
    } finally {
      await switchLanguage('en');
    }
  });
});
