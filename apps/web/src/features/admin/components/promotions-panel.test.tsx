import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromotionDto, PromotionUserDto } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { PromotionFormScreen, PromotionsPanel } from './promotions-panel';

const SHOP = '11111111-1111-4111-8111-111111111111';
const base: PromotionDto = {
  _id: 'pr1',
  title: 'Free delivery after 8 pm',
  code: null,
  kind: 'delivery',
  percent: 100,
  cap: null,
  amount: null,
  minSpend: 0,
  firstOrder: false,
  studentsOnly: false,
  vendorIds: [],
  categories: [],
  productIds: [],
  days: [],
  from: '20:00',
  to: '02:00',
  startsAt: null,
  endsAt: null,
  maxUses: null,
  budget: 50000,
  perPerson: null,
  active: true,
  fundedBy: 'platform',
  vendorId: null,
  vendorName: null,
  uses: 12,
  spent: 7200,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const SHOPS_OWN: PromotionDto = {
  ...base,
  _id: 'pr2',
  title: '10% off Mama Put',
  code: 'JOLLOF10',
  kind: 'percent',
  percent: 10,
  from: null,
  to: null,
  budget: null,
  fundedBy: 'vendor',
  vendorId: SHOP,
  vendorName: 'Mama Put',
  uses: 1,
  spent: 150,
};
const ADA: PromotionUserDto = {
  userId: 'u1',
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '08031234567',
  uses: 2,
  discount: 1200,
  released: 1,
  barred: false,
};

afterEach(() => vi.restoreAllMocks());

function renderList() {
  const calls = stubFetch({
    ...GUEST,
    'GET /api/admin/promotions': { success: true, promotions: [{ ...base, categories: ['food'] }, SHOPS_OWN] },
    'GET /api/seller/list': { success: true, vendors: [] },
    'GET /api/admin/categories': {
      success: true,
      categories: [{ path: 'food', text: 'Food', image: '', bgColor: '', position: 0 }],
    },
    'GET /api/admin/promotions/pr1/uses': { success: true, people: [ADA] },
    'POST /api/admin/promotions/people/u1/bar': { success: true, message: 'The account can no longer use offers.' },
  });
  renderApp(<PromotionsPanel />, { route: '/admin/promotions', path: '/admin/promotions' });
  return calls;
}

describe('the admin’s promotions', () => {
  it('lists Jara’s offers and the shops’, who pays for each; only Jara’s are edited here', async () => {
    renderList();
    const [jara, shop] = await screen.findAllByRole('listitem');
    expect(jara).toHaveTextContent('Free delivery after 8 pm');
    expect(jara).toHaveTextContent('Automatic');
    expect(jara).toHaveTextContent('Paid by Jara');
    await waitFor(() => expect(jara).toHaveTextContent('Food · 20:00–02:00'));
    expect(jara).toHaveTextContent('12 uses · ₦7,200 of ₦50,000 spent');
    expect(within(jara!).getByRole('link', { name: 'Edit Free delivery after 8 pm' })).toBeInTheDocument();
    expect(shop).toHaveTextContent('Paid by Mama Put');
    expect(within(shop!).queryByRole('link', { name: /^Edit/ })).toBeNull();
    expect(within(shop!).getByRole('button', { name: 'Uses per person' })).toBeInTheDocument();
  });

  it('shows uses per person and bars one from every offer, with a reason', async () => {
    const calls = renderList();
    const [jara] = await screen.findAllByRole('listitem');
    const toggle = within(jara!).getByRole('button', { name: 'Uses per person' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = await within(jara!).findByRole('table', { name: 'Uses per person of Free delivery after 8 pm' });
    const row = within(table).getByTestId('promotion-person');
    expect(row).toHaveTextContent('Ada Obi');
    expect(row).toHaveTextContent('ada@example.com');
    expect(row).toHaveTextContent('₦1,200');
    expect(within(row).getByTestId('promotion-released')).toHaveTextContent('1');

    await userEvent.click(within(row).getByRole('button', { name: 'Bar Ada Obi from every offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Bar Ada Obi from every offer?' });
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'Three accounts, one phone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bar from offers' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/admin/promotions/people/u1/bar')?.body).toEqual({
        barred: true,
        reason: 'Three accounts, one phone',
      }),
    );
    expect(await screen.findByText('Ada Obi is barred from offers')).toBeInTheDocument();
  });

  it('creates a platform offer limited to shops and categories', async () => {
    const calls = stubFetch({
      ...GUEST,
      'GET /api/admin/promotions': { success: true, promotions: [] },
      'GET /api/seller/list': {
        success: true,
        vendors: [{ _id: SHOP, businessName: 'Mama Put' }],
      },
      'GET /api/admin/categories': {
        success: true,
        categories: [{ path: 'food', text: 'Food', image: '', bgColor: '', position: 0 }],
      },
      'POST /api/admin/promotions': (body: unknown) => ({ success: true, promotion: { ...base, ...(body as object) } }),
    });
    renderApp(<PromotionFormScreen />, {
      route: '/admin/promotions/new',
      path: '/admin/promotions/:promotionId',
      extraRoutes: [{ path: '/admin/promotions', element: <p>list</p> }],
    });
    const form = await screen.findByRole('form', { name: 'New offer' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Free delivery after 8 pm');
    await userEvent.click(within(form).getByLabelText('Free or cheaper delivery'));
    await userEvent.type(within(form).getByLabelText('Percent off the delivery fee (100 = free)'), '100');
    await userEvent.click(within(within(form).getByRole('group', { name: 'Shops' })).getByLabelText('Mama Put'));
    await userEvent.click(within(within(form).getByRole('group', { name: 'Categories' })).getByLabelText('Food'));
    await userEvent.type(within(form).getByLabelText('Budget (₦)'), '50000');
    await userEvent.click(within(form).getByRole('button', { name: 'Create offer' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      code: null,
      kind: 'delivery',
      percent: 100,
      vendorIds: [SHOP],
      categories: ['food'],
      budget: 50000,
    });
    expect(await screen.findByText('list')).toBeInTheDocument();
  });
});
