import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, stubFetch } from '../../../test/render';
import { ChatLauncher } from './chat-launcher';
import { closeChat } from '../hooks/use-chat-panel';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';

const user = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@jara.test',
  isSeller: false,
  isRider: false,
  role: 'customer',
  roles: ['customer'],
  chatId: null,
  cartItems: {},
  wishList: [],
};

const signedIn = {
  'GET /api/user/is-auth': { success: true, user, role: 'customer' },
  'GET /api/chat/get-chat/': { success: true, message: '', chat: { _id: 'c1', messages: [], hasMore: false } },
  'GET /api/chat/unread': { success: true, chatId: 'c1', unread: 0 },
  'POST /api/chat/read': { success: true },
};

describe('ChatLauncher', () => {
  afterEach(() => {
    act(() => closeChat());
    vi.useRealTimers();
  });

  it('sends a guest to /contact', async () => {
    stubFetch({ 'GET /api/user/is-auth': { success: false, user: null } });
    const { router } = renderApp(<ChatLauncher />, { route: '/products' });
    await userEvent.click(await screen.findByRole('button', { name: 'Contact support' }));
    expect(router.state.location.pathname).toBe('/contact');
    // ...where the button is not shown.
    expect(screen.queryByRole('button', { name: 'Contact support' })).toBeNull();
  });

  it('is not shown in the portals, only on the customer pages', async () => {
    stubFetch(signedIn);
    const { router } = renderApp(<ChatLauncher />, { route: '/products' });
    expect(await screen.findByRole('button', { name: 'Open support chat' })).toBeInTheDocument();
    for (const path of ['/seller', '/seller/products', '/rider/earnings', '/support', '/admin/orders']) {
      await act(() => router.navigate(path));
      expect(screen.queryByRole('button'), path).toBeNull();
    }
    // A customer page whose path only starts like a portal's keeps it.
    await act(() => router.navigate('/sellers-guide'));
    expect(screen.getByRole('button', { name: 'Open support chat' })).toBeInTheDocument();
  });

  it('opens the chat panel for a signed-in user', async () => {
    stubFetch(signedIn);
    renderApp(<ChatLauncher />, { route: '/' });
    await userEvent.click(await screen.findByRole('button', { name: 'Open support chat' }));
    expect(await screen.findByRole('dialog', { name: 'Customer Support' })).toBeInTheDocument();
  });

  it('?contact=true opens the panel and drops the parameter after 500 ms', async () => {
    stubFetch(signedIn);
    // Only the removal timer runs on a fake clock, so loading the panel may take what it takes.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { router } = renderApp(<ChatLauncher />, { route: '/products?contact=true&search=rice' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(router.state.location.search).toContain('contact=true');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150);
    });
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.search).toBe('?search=rice'));
    expect(await screen.findByRole('dialog', { name: 'Customer Support' })).toBeInTheDocument();
  });

  it('counts the unread replies in its name', async () => {
    stubFetch({ ...signedIn, 'GET /api/chat/unread': { success: true, chatId: 'c1', unread: 3 } });
    renderApp(<ChatLauncher />, { route: '/products' });
    expect(await screen.findByRole('button', { name: 'Open support chat, 3 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('chat-unread')).toHaveTextContent('3');
  });

  it('speaks Pidgin, on the button and in the panel', async () => {
    await loadAreas(i18n, ['chat', 'conversation', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    try {
      stubFetch({ ...signedIn, 'GET /api/chat/unread': { success: true, chatId: 'c1', unread: 2 } });
      renderApp(<ChatLauncher />, { route: '/' });
      await userEvent.click(
        await screen.findByRole('button', { name: 'Yarn with support, 2 message wey you never read' }),
      );
      const panel = await screen.findByRole('dialog', { name: 'Customer care' });
      expect(panel).toHaveTextContent('How far Ada 👋');
      expect(screen.getByRole('button', { name: 'Close the support chat' })).toBeInTheDocument();
    } finally {
      i18n.activate('en');
    }
  });
});
