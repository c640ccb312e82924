import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupDto, ProductDto } from '@jara/shared';
import { renderApp, stubFetch } from '../../../test/render';
import { CUSTOMER } from '../../../test/users';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { ROOT_AREAS } from '../../../i18n/catalogues';
import { GroupPage } from './group-page';
import { JoinGroupPage } from './join-group-page';

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

const SIGNED_IN = { 'GET /api/user/is-auth': { success: true, user: CUSTOMER, role: 'customer' } };
const line = (id: string, name: string, quantity: number, unitPrice: number) => ({
  _id: id,
  productId: `p-${id}`,
  optionId: `o-${id}`,
  vendorId: 'v1',
  name,
  optionName: 'Default Option',
  image: null,
  unitPrice,
  quantity,
});

function group(overrides: Partial<GroupDto> = {}): GroupDto {
  return {
    _id: 'g1',
    state: 'open',
    isHost: false,
    hostName: 'Tunde',
    token: 'tok_abcdefghijklmnopqrst',
    cutOffAt: '2026-11-21T12:30:00.000Z',
    createdAt: '2026-11-21T12:00:00.000Z',
    closedAt: null,
    placedAt: null,
    ended: null,
    address: { address: 'Hall 3', placeName: 'Hall 3', block: 'B', floor: '', room: '214', landmark: '' },
    deliveryNote: '',
    vendors: [{ _id: 'v1', name: 'Mama Put' }],
    deliveryFee: 750,
    sharesFixed: false,
    members: [
      {
        _id: 'm1',
        name: 'Tunde',
        isHost: true,
        isYou: false,
        state: 'joined',
        items: [line('i1', 'Jollof Rice', 1, 1500)],
        share: { items: 1500, delivery: 375, service: 40, total: 1915 },
      },
      {
        _id: 'm2',
        name: 'Ada',
        isHost: false,
        isYou: true,
        state: 'joined',
        items: [line('i2', 'Beans', 2, 900)],
        share: { items: 1800, delivery: 375, service: 40, total: 2215 },
      },
    ],
    order: null,
    ...overrides,
  };
}

const MENU: ProductDto[] = [
  {
    _id: 'p-fish',
    name: 'Fried Fish',
    category: 'food',
    image: [],
    description: [],
    vendorId: 'v1',
    inStock: true,
    weight: null,
    options: [{ _id: 'o-fish', name: 'Default Option', price: 700, offerPrice: null }],
  },
  {
    _id: 'p-elsewhere',
    name: 'Suya',
    category: 'food',
    image: [],
    description: [],
    vendorId: 'v2',
    inStock: true,
    weight: null,
    options: [{ _id: 'o-suya', name: 'Default Option', price: 500, offerPrice: null }],
  },
];

afterEach(() => {
  handlers.clear();
  i18n.activate('en');
});

describe('GroupPage', () => {
  it('shows every member’s lines and share, adds from the group’s shops only, and reads the group again when it changes', async () => {
    let reads = 0;
    const added: unknown[] = [];
    stubFetch({
      ...SIGNED_IN,
      'GET /api/group/g1': () => {
        reads += 1;
        return { success: true, group: group() };
      },
      'POST /api/group/g1/items': (body: unknown) => {
        added.push(body);
        return { success: true };
      },
    });
    renderApp(<GroupPage id="g1" products={MENU} productsPending={false} />);
    expect(await screen.findByRole('heading', { level: 1, name: "Tunde's group order" })).toBeVisible();
    expect(screen.getByTestId('group-state')).toHaveTextContent('Open: add your food.');
    expect(screen.getByTestId('group-address')).toHaveTextContent('Hall 3 · Block B · Room 214');
    const ada = screen.getByText('Ada (you)').closest('li')!;
    expect(within(ada).getByText('2 × Beans')).toBeVisible();
    expect(within(ada).getByTestId('share')).toHaveTextContent(
      'Share so far: food ₦1,800 · delivery ₦375 · service ₦40 · total ₦2,215',
    );
    // Only your own lines can be changed.
    expect(within(ada).getByLabelText('Quantity of Beans')).toBeInTheDocument();
    expect(screen.queryByLabelText('Quantity of Jollof Rice')).toBeNull();

    // The link: WhatsApp, and (no share sheet here) a copy button.
    expect(screen.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('/group/join/tok_abcdefghijklmnopqrst')),
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeVisible();

    // The menu holds the group's shop's dishes only.
    const menu = screen.getByRole('region', { name: 'Dishes from Mama Put' });
    expect(within(menu).queryByText('Suya')).toBeNull();
    await userEvent.click(within(menu).getByRole('button', { name: 'Add' }));
    expect(added).toEqual([{ product: 'p-fish', optionId: 'o-fish', quantity: 1 }]);

    const before = reads;
    await act(async () => handlers.get('group.updated')?.({ groupId: 'g1' }));
    await vi.waitFor(() => expect(reads).toBeGreaterThan(before));
  });

  it('asks a member who owes their share to pay it; tells the host who has not paid', async () => {
    const closed = group({
      state: 'paying',
      sharesFixed: true,
      isHost: true,
      members: group().members.map((m) => ({ ...m, isYou: m.isHost, state: m.isHost ? 'paid' : 'joined' })),
    });
    stubFetch({ ...SIGNED_IN, 'GET /api/group/g1': { success: true, group: closed } });
    renderApp(<GroupPage id="g1" products={MENU} productsPending={false} />);
    expect(await screen.findByRole('button', { name: 'Place the order' })).toBeDisabled();
    expect(screen.getByText(/1 person has not paid yet/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Pay my share/ })).toBeNull();
    expect(screen.queryByRole('region', { name: /Dishes from/ })).toBeNull();
  });

  it('speaks Pidgin', async () => {
    await loadAreas(i18n, ['groups', 'delivery', ...ROOT_AREAS], 'pcm');
    i18n.activate('pcm');
    stubFetch({
      ...SIGNED_IN,
      'GET /api/group/g1': { success: true, group: group({ state: 'paying', sharesFixed: true }) },
    });
    renderApp(<GroupPage id="g1" products={MENU} productsPending={false} />);
    expect(await screen.findByRole('button', { name: 'Pay my share ₦2,215' })).toBeVisible();
    expect(screen.getByText('Ada (na you)')).toBeVisible();
  });
});

describe('JoinGroupPage', () => {
  it('says whose group a link is and joins it', async () => {
    const joined: unknown[] = [];
    stubFetch({
      ...SIGNED_IN,
      'GET /api/group/invite/tok_abcdefghijklmnopqrst': {
        success: true,
        invite: {
          _id: 'g1',
          state: 'open',
          hostName: 'Tunde',
          vendors: ['Mama Put'],
          place: 'Hall 3',
          cutOffAt: '2026-11-21T12:30:00.000Z',
          memberCount: 2,
          joined: false,
        },
      },
      'POST /api/group/join': (body: unknown) => {
        joined.push(body);
        return { success: true, groupId: 'g1' };
      },
    });
    const { router } = renderApp(<JoinGroupPage token="tok_abcdefghijklmnopqrst" />, {
      extraRoutes: [{ path: '/group/g1', element: <p>the group</p> }],
    });
    expect(await screen.findByRole('heading', { name: 'Tunde invites you to a group order' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Join group order' }));
    expect(joined).toEqual([{ token: 'tok_abcdefghijklmnopqrst' }]);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/group/g1'));
  });
});
