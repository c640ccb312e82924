import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PromotionDto, SellerProductDto } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { PromotionFormScreen, PromotionsPanel } from './promotions-panel';

const product = (_id: string, name: string): SellerProductDto => ({
  _id,
  name,
  category: 'food',
  image: ['/media/seed/jollof.webp'],
  vendorId: 'v1',
  description: [],
  weight: null,
  inStock: true,
  options: [{ _id: `${_id}-o`, name: 'Default Option', price: 1500, offerPrice: null }],
  updatedAt: '2026-03-03T13:00:00.000Z',
});
const P1 = '11111111-1111-4111-8111-111111111111';
const PRODUCTS = [
  product('11111111-1111-4111-8111-111111111111', 'Jollof rice'),
  product('22222222-2222-4222-8222-222222222222', 'Fried rice'),
];

/** The shop's 10% code, used 3 times out of 100 for ₦450. */
const JOLLOF10: PromotionDto = {
  _id: 'pr1',
  title: '10% off Mama Put',
  code: 'JOLLOF10',
  kind: 'percent',
  percent: 10,
  cap: 500,
  amount: null,
  minSpend: 2000,
  firstOrder: false,
  studentsOnly: false,
  vendorIds: [],
  categories: [],
  productIds: [P1],
  days: [5, 6],
  from: '20:00',
  to: '23:00',
  startsAt: null,
  endsAt: null,
  maxUses: 100,
  budget: null,
  perPerson: 1,
  active: true,
  fundedBy: 'vendor',
  vendorId: 'v1',
  vendorName: 'Mama Put',
  uses: 3,
  spent: 450,
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** The form at /seller/promotions/:id, the list at /seller/promotions; `save` answers the save. */
function renderForm(id = 'new', save: (body: unknown) => unknown = (body) => ({ success: true, promotion: body })) {
  const calls = stubFetch({
    ...GUEST,
    'GET /api/seller/promotions': { success: true, promotions: [JOLLOF10] },
    'GET /api/seller/products': { success: true, products: PRODUCTS },
    'POST /api/seller/promotions': save,
    'PUT /api/seller/promotions/pr1': save,
  });
  const utils = renderApp(<PromotionFormScreen />, {
    route: `/seller/promotions/${id}`,
    path: '/seller/promotions/:promotionId',
    extraRoutes: [{ path: '/seller/promotions', element: <p>promotions list</p> }],
  });
  const sent = () => calls.filter((c) => c.method !== 'GET').map((c) => c.body as Record<string, unknown>);
  return { ...utils, sent };
}

afterEach(() => {
  vi.restoreAllMocks();
  i18n.activate('en');
});

describe('the shop’s promotion form', () => {
  it('checks the offer with the shared schema and says each problem under its field, sending nothing', async () => {
    const { sent } = renderForm();
    const form = await screen.findByRole('form', { name: 'New offer' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Hi');
    await userEvent.type(within(form).getByLabelText('Code (optional)'), '50%!');
    await userEvent.type(within(form).getByLabelText('From'), '20:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Create offer' }));

    expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription(
      'Give the offer a title of at least 3 characters.',
    );
    expect(within(form).getByLabelText('Code (optional)')).toHaveAccessibleDescription(
      'A code is 3 to 20 letters, digits or dashes.',
    );
    expect(within(form).getByLabelText('Percent off')).toHaveAccessibleDescription(
      'Enter the percentage the offer takes off.',
    );
    expect(within(form).getByLabelText('To')).toHaveAccessibleDescription(
      'Give both a start and an end time, or neither.',
    );
    expect(within(form).getByText('Please fix the fields marked above.')).toBeInTheDocument();
    expect(sent()).toEqual([]);
  });

  it('creates a 10% code for some of the shop’s products, with its days, hours and limits', async () => {
    const { sent, router } = renderForm();
    const form = await screen.findByRole('form', { name: 'New offer' });
    await userEvent.type(within(form).getByLabelText('Title'), '10% off Mama Put');
    await userEvent.type(within(form).getByLabelText('Code (optional)'), 'jollof 10');
    await userEvent.type(within(form).getByLabelText('Percent off'), '10');
    await userEvent.type(within(form).getByLabelText('Most it takes off (₦, optional)'), '500');
    await userEvent.type(within(form).getByLabelText('Minimum spend (₦, optional)'), '2000');
    const products = within(form).getByRole('group', { name: 'Products' });
    await userEvent.click(within(products).getByLabelText('Jollof rice'));
    const days = within(form).getByRole('group', { name: 'Days' });
    await userEvent.click(within(days).getByLabelText('Saturday'));
    await userEvent.click(within(days).getByLabelText('Friday'));
    await userEvent.type(within(form).getByLabelText('From'), '20:00');
    await userEvent.type(within(form).getByLabelText('To'), '23:00');
    await userEvent.type(within(form).getByLabelText('Starts (optional)'), '2026-11-27T18:00');
    await userEvent.type(within(form).getByLabelText('Total uses'), '100');
    await userEvent.type(within(form).getByLabelText('Uses per person'), '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Create offer' }));

    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toEqual({
      title: '10% off Mama Put',
      code: 'jollof 10',
      kind: 'percent',
      percent: 10,
      cap: 500,
      amount: null,
      minSpend: 2000,
      firstOrder: false,
      studentsOnly: false,
      productIds: [P1],
      days: [5, 6],
      from: '20:00',
      to: '23:00',
      // Lagos time, whatever the phone's zone.
      startsAt: '2026-11-27T18:00:00+01:00',
      endsAt: null,
      maxUses: 100,
      budget: null,
      perPerson: 1,
      active: true,
    });
    // A shop names no shop: the server makes it its own.
    expect(sent()[0]).not.toHaveProperty('vendorIds');
    expect(await screen.findByText('Offer created')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/seller/promotions');
  });

  it('free delivery: a percentage of the fee, no cap', async () => {
    const { sent } = renderForm();
    const form = await screen.findByRole('form', { name: 'New offer' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Free delivery after 8 pm');
    await userEvent.click(within(form).getByLabelText('Free or cheaper delivery'));
    expect(within(form).queryByLabelText('Most it takes off (₦, optional)')).toBeNull();
    await userEvent.type(within(form).getByLabelText('Percent off the delivery fee (100 = free)'), '100');
    await userEvent.type(within(form).getByLabelText('From'), '20:00');
    await userEvent.type(within(form).getByLabelText('To'), '02:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Create offer' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({
      code: null,
      kind: 'delivery',
      percent: 100,
      cap: null,
      from: '20:00',
      to: '02:00',
    });
  });

  it('says the server’s refusal and stays on the form', async () => {
    const { sent, router } = renderForm(
      'new',
      () =>
        new Response(
          JSON.stringify({
            success: false,
            code: 'promo_code_taken',
            message: 'Another offer already uses that code.',
          }),
          { status: 409, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const form = await screen.findByRole('form', { name: 'New offer' });
    await userEvent.type(within(form).getByLabelText('Title'), 'Weekend deal');
    await userEvent.type(within(form).getByLabelText('Code (optional)'), 'WEEKEND');
    await userEvent.click(within(form).getByLabelText('A fixed amount off the items'));
    await userEvent.type(within(form).getByLabelText('Amount off (₦)'), '300');
    await userEvent.click(within(form).getByRole('button', { name: 'Create offer' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Another offer already uses that code.');
    expect(sent()).toEqual([expect.objectContaining({ kind: 'fixed', amount: 300, percent: null })]);
    expect(router.state.location.pathname).toBe('/seller/promotions/new');
  });

  it('edits a saved offer: its fields filled in, saved with PUT', async () => {
    const { sent } = renderForm('pr1');
    const form = await screen.findByRole('form', { name: 'Edit 10% off Mama Put' });
    expect(within(form).getByLabelText('Code (optional)')).toHaveValue('JOLLOF10');
    expect(within(form).getByLabelText('Percent off')).toHaveValue(10);
    expect(within(within(form).getByRole('group', { name: 'Products' })).getByLabelText('Jollof rice')).toBeChecked();
    expect(within(within(form).getByRole('group', { name: 'Days' })).getByLabelText('Friday')).toBeChecked();
    await userEvent.clear(within(form).getByLabelText('Uses per person'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save offer' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ code: 'JOLLOF10', perPerson: null, productIds: [P1], days: [5, 6] });
  });

  it('speaks Pidgin, the schema’s problems too', async () => {
    await loadAreas(i18n, ['seller', 'promotions', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    renderForm();
    const form = await screen.findByRole('form', { name: 'New offer' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create di offer' }));
    expect(within(form).getByLabelText('Name of di offer')).toHaveAccessibleDescription(
      'Give di offer name wey get at least 3 letters.',
    );
    expect(within(form).getByLabelText('Percent wey e go comot')).toHaveAccessibleDescription(
      'Put di percent wey di offer go comot.',
    );
  });
});

describe('the shop’s promotions list', () => {
  it('lists each offer with its code, terms, state, uses and cost; End saves it inactive', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const calls = stubFetch({
      ...GUEST,
      'GET /api/seller/promotions': { success: true, promotions: [JOLLOF10] },
      'PUT /api/seller/promotions/pr1': (body: unknown) => ({
        success: true,
        promotion: { ...JOLLOF10, ...(body as object) },
      }),
    });
    renderApp(<PromotionsPanel />, { route: '/seller/promotions', path: '/seller/promotions' });
    const card = await screen.findByTestId('promotion-card');
    expect(card).toHaveTextContent('10% off Mama Put');
    expect(card).toHaveTextContent('JOLLOF10');
    expect(card).toHaveTextContent('10% off, up to ₦500');
    expect(card).toHaveTextContent('Min. spend ₦2,000 · 1 product · Fri, Sat · 20:00–23:00 · 1 use per person');
    expect(card).toHaveTextContent('Running');
    expect(screen.getByTestId('promotion-use')).toHaveTextContent('3 of 100 uses · ₦450 spent');
    expect(screen.getByRole('link', { name: 'Edit 10% off Mama Put' })).toHaveAttribute(
      'href',
      '/seller/promotions/pr1',
    );
    await userEvent.click(screen.getByRole('button', { name: 'End 10% off Mama Put' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ code: 'JOLLOF10', active: false });
    expect(await screen.findByText('Offer ended')).toBeInTheDocument();
  });

  it('says when there is none yet, and offers to create one', async () => {
    stubFetch({ ...GUEST, 'GET /api/seller/promotions': { success: true, promotions: [] } });
    renderApp(<PromotionsPanel />, { route: '/seller/promotions', path: '/seller/promotions' });
    expect(
      await screen.findByText('No offers yet. A code or an automatic offer can bring in more orders.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first offer' })).toHaveAttribute(
      'href',
      '/seller/promotions/new',
    );
  });
});
