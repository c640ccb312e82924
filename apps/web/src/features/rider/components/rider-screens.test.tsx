import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobDto } from '@jara/shared';
import { GUEST, MAP_ANSWER, renderApp, stubFetch } from '../../../test/render';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import en from '../locales/en.json';
import { ActiveJobs } from './active-job';
import { JobBoard } from './job-board';

/** An express order from two shops to Hall 2, picked up, with two wrong codes so far. */
function job(overrides: Partial<JobDto> = {}): JobDto {
  const stop = (label: string, address: string) => ({
    label,
    address,
    latitude: 6.4,
    longitude: 5.6,
    phone: '08031234567',
    door: null,
    items: ['2 × Jollof rice'],
  });
  return {
    kind: 'order',
    _id: 'abcdef1234567890',
    isExpress: true,
    distanceKm: 2.345,
    deliveryFee: 800,
    riderFee: 640,
    pickups: [stop('Mama Put', 'Main Gate'), stop('Iya Basira', 'Ekosodin')],
    dropoff: { ...stop('Ada Obi', 'Hall 2'), items: undefined },
    note: 'Leave it at the porter',
    status: 'Order Picked',
    createdAt: '2026-03-03T13:00:00.000Z',
    paidAt: '2026-03-03T13:05:00.000Z',
    codeAttempts: 2,
    locked: false,
    arrivedAt: null,
    ...overrides,
  };
}

/** The English messages without placeholders: none of them may be a text on a Pidgin screen. */
const english = new Set(Object.values(en).filter((m) => !m.includes('{') && !m.includes('<')));

function textsOnScreen(root: Node = document.body): string[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  return texts;
}

async function inPidgin() {
  await loadAreas(i18n, ['rider', 'map', 'common', 'shared', 'layout'], 'pcm');
  i18n.activate('pcm');
}

afterEach(() => i18n.activate('en'));

/** A drop of a batch to Hall 3: the customer's name and door, never a phone on the board. */
const drop = (orderId: string, label: string, room: string) => ({
  orderId,
  label,
  address: 'Hall 3, University of Benin',
  latitude: 6.398,
  longitude: 5.62,
  phone: null,
  door: { placeName: 'Hall 3', block: 'B', floor: '', room, landmark: '' },
});
const DROPS = [drop('first111', 'Ada Obi', '12'), drop('second22', 'Bisi Ade', '40')];

/** The board's one job for a batch of two orders from Mama Put to Hall 3 (the first drop's job). */
const boardBatch = () =>
  job({
    _id: 'first111',
    isExpress: false,
    status: 'Order Confirmed',
    riderFee: 900,
    pickups: [job().pickups[0]!],
    dropoff: { ...DROPS[0]!, phone: '08031234567' },
    note: '',
    batch: { id: 'batch1', stop: 1, of: 2, drops: DROPS },
  });

/** The rider's active jobs of that batch, as the server may list them: stop 2 before stop 1. */
const activeBatch = () => [
  job({
    _id: 'second22',
    isExpress: false,
    note: '',
    dropoff: { ...DROPS[1]!, phone: '08051234567' },
    batch: { id: 'batch1', stop: 2, of: 2, drops: DROPS },
  }),
  job({ _id: 'lone9999', isExpress: false, note: '' }),
  job({
    _id: 'first111',
    isExpress: false,
    note: '',
    status: 'Order Assigned',
    dropoff: { ...DROPS[0]!, phone: '08031234567' },
    batch: { id: 'batch1', stop: 1, of: 2, drops: DROPS },
  }),
];

describe("the rider's job screens", () => {
  it('show the active job in English, as the specification writes it', async () => {
    stubFetch({ ...GUEST, ...MAP_ANSWER, 'GET /api/rider/active': { success: true, jobs: [job()] } });
    renderApp(<ActiveJobs />);
    const card = await screen.findByTestId('active-job');
    expect(card).toHaveTextContent('Order #abcdef12 · Express');
    expect(card).toHaveTextContent('2.3 km · you earn ₦640');
    expect(screen.getByText('Pick up 1')).toBeInTheDocument();
    expect(screen.getByText('Drop off')).toBeInTheDocument();
    expect(screen.getByText('Note: Leave it at the porter')).toBeInTheDocument();
    // jsdom drops the space before the hidden words in a name; a browser reads "Navigate to Mama Put".
    expect(screen.getAllByRole('link')[0]).toHaveTextContent('Navigate to Mama Put');
    expect(screen.getByLabelText("Customer's delivery code")).toBeInTheDocument();
    expect(
      screen.getByText('3 tries left. After 5 wrong codes the job is locked and support is told.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I have arrived at the drop-off' })).toBeInTheDocument();
    // The stops on the map: the shops and the door's pin.
    expect(await screen.findByRole('region', { name: 'Map of the pick-ups and the door at Ada Obi' })).toBeVisible();
    expect(await screen.findByRole('img', { name: 'Door at Ada Obi' })).toHaveAttribute('data-kind', 'door');
    expect(screen.getByRole('img', { name: 'Iya Basira' })).toHaveAttribute('data-kind', 'pickup');
  });

  it('say when an order for later is due and when to collect it, on the board and the active job', async () => {
    const slot = {
      from: '2026-03-03T12:00:00.000Z',
      to: '2026-03-03T12:30:00.000Z',
      pickupAt: '2026-03-03T11:40:00.000Z',
    };
    stubFetch({
      ...GUEST,
      ...MAP_ANSWER,
      'GET /api/rider/jobs': { success: true, jobs: [job({ status: 'Order Confirmed', slot }), job({ _id: 'now1' })] },
      'GET /api/rider/active': { success: true, jobs: [job({ slot })] },
    });
    renderApp(
      <>
        <JobBoard online />
        <ActiveJobs />
      </>,
    );
    const [later, now] = await screen.findAllByTestId('job-card');
    expect(later).toHaveTextContent('For 1:00–1:30 pm · pick up at 12:40 pm');
    expect(now).not.toHaveTextContent('For ');
    expect(await screen.findByTestId('active-job')).toHaveTextContent('For 1:00–1:30 pm · pick up at 12:40 pm');
  });

  it('leave no English on the active job in Pidgin', async () => {
    await inPidgin();
    stubFetch({
      ...GUEST,
      ...MAP_ANSWER,
      'GET /api/rider/active': { success: true, jobs: [job({ codeAttempts: 4 })] },
    });
    renderApp(<ActiveJobs />);
    const card = await screen.findByTestId('active-job');
    expect(card).toHaveTextContent('Shop order #abcdef12 · Sharp sharp');
    expect(card).toHaveTextContent('2.3 km · you go collect ₦640');
    expect(screen.getByText('Where to collect 2')).toBeInTheDocument();
    expect(screen.getByText('Dem talk say: Leave it at the porter')).toBeInTheDocument();
    expect(screen.getAllByRole('link')[2]).toHaveTextContent('Show me road go Iya Basira');
    expect(screen.getByLabelText('Code wey customer get')).toBeInTheDocument();
    expect(screen.getByText(/^1 chance remain\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I don reach where I go drop am' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Di door for Ada Obi' })).toBeInTheDocument();
    expect(textsOnScreen().filter((text) => english.has(text))).toEqual([]);
  });

  it('leave no English on the job board in Pidgin', async () => {
    await inPidgin();
    const slot = {
      from: '2026-03-03T12:00:00.000Z',
      to: '2026-03-03T12:30:00.000Z',
      pickupAt: '2026-03-03T11:40:00.000Z',
    };
    stubFetch({
      ...GUEST,
      'GET /api/rider/jobs': { success: true, jobs: [job({ status: 'Order Confirmed', slot })] },
    });
    renderApp(<JobBoard online />);
    const card = await screen.findByTestId('job-card');
    expect(card).toHaveTextContent('Dem pay 3 Mar, 2:05 pm');
    expect(card).toHaveTextContent('For 1:00–1:30 pm · collect am by 12:40 pm');
    expect(card).toHaveTextContent('2.3 km journey');
    expect(card).toHaveTextContent('Where to collect 1: Mama Put, Main Gate');
    expect(card).toHaveTextContent('Where to drop: Hall 2');
    expect(screen.getByRole('button', { name: 'Take am' })).toBeInTheDocument();
    expect(textsOnScreen().filter((text) => english.has(text))).toEqual([]);
  });

  it('show a batch on the board once, with its drops and shops, and accept it whole', async () => {
    const calls = stubFetch({
      ...GUEST,
      'GET /api/rider/jobs': { success: true, jobs: [boardBatch()] },
      'POST /api/rider/jobs/order/first111/accept': { success: true, message: 'Job accepted' },
    });
    renderApp(<JobBoard online />);
    const card = await screen.findByTestId('job-card');
    expect(within(card).getByTestId('job-batch')).toHaveTextContent(/^2 drops · Hall 3$/);
    expect(within(card).queryByTestId('job-group')).toBeNull();
    expect(card).toHaveTextContent('₦900for all 2 drops');
    expect(card).toHaveTextContent('Pick up: Mama Put, Main Gate');
    const drops = within(card).getAllByTestId('batch-drop');
    expect(drops.map((d) => d.textContent)).toEqual([
      expect.stringMatching(/^Drop 1: Ada Obi, Hall 3, University of Benin.*Room 12/),
      expect.stringMatching(/^Drop 2: Bisi Ade, Hall 3, University of Benin.*Room 40/),
    ]);
    // No phone before the job is taken, and the door is said once per drop.
    expect(card).not.toHaveTextContent('0803');
    expect(card).not.toHaveTextContent('Drop off:');
    await userEvent.click(within(card).getByRole('button', { name: 'Accept all 2 drops' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        '/api/rider/jobs/order/first111/accept',
      ]),
    );
  });

  it('say plainly that a job is a group order', async () => {
    stubFetch({
      ...GUEST,
      'GET /api/rider/jobs': { success: true, jobs: [{ ...boardBatch(), batch: null, groupMembers: 3 }] },
    });
    renderApp(<JobBoard online />);
    const card = await screen.findByTestId('job-card');
    expect(within(card).getByTestId('job-group')).toHaveTextContent(/^Group order: 3 people’s food, one delivery$/);
  });

  it('group the active jobs of a batch in stop order, each with its own code', async () => {
    const calls = stubFetch({
      ...GUEST,
      ...MAP_ANSWER,
      'GET /api/rider/active': { success: true, jobs: activeBatch() },
      'POST /api/rider/jobs/order/second22/deliver': { success: true, message: 'Order Delivered' },
    });
    renderApp(<ActiveJobs />);
    const batch = await screen.findByTestId('active-batch');
    expect(within(batch).getByRole('heading', { name: '2 drops · Hall 3' })).toBeVisible();
    const [first, second] = within(batch).getAllByTestId('active-job');
    expect(first).toHaveAttribute('data-job-id', 'first111');
    expect(within(first!).getByTestId('job-stop')).toHaveTextContent(/^Stop 1 of 2$/);
    expect(within(first!).getByRole('button', { name: 'Picked up' })).toBeInTheDocument();
    expect(second).toHaveAttribute('data-job-id', 'second22');
    expect(within(second!).getByTestId('job-stop')).toHaveTextContent(/^Stop 2 of 2$/);
    // The lone job stays a card of its own, with no stop.
    const lone = screen.getAllByTestId('active-job').find((j) => j.dataset.jobId === 'lone9999')!;
    expect(batch).not.toContainElement(lone);
    expect(within(lone).queryByTestId('job-stop')).toBeNull();

    await userEvent.type(within(second!).getByLabelText("Customer's delivery code"), '4321');
    await userEvent.click(within(second!).getByRole('button', { name: 'Delivered' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')).toEqual({
        method: 'POST',
        path: '/api/rider/jobs/order/second22/deliver',
        body: { code: '4321' },
      }),
    );
  });

  it('leave no English on a batch in Pidgin, on the board and the active jobs', async () => {
    await inPidgin();
    stubFetch({
      ...GUEST,
      ...MAP_ANSWER,
      'GET /api/rider/jobs': { success: true, jobs: [boardBatch()] },
      'GET /api/rider/active': { success: true, jobs: activeBatch() },
    });
    renderApp(
      <>
        <JobBoard online />
        <ActiveJobs />
      </>,
    );
    const card = await screen.findByTestId('job-card');
    expect(within(card).getByTestId('job-batch')).toHaveTextContent('2 places to drop · Hall 3');
    expect(card).toHaveTextContent('Where to drop 2: Bisi Ade');
    expect(within(card).getByRole('button', { name: 'Take all di 2 drops' })).toBeInTheDocument();
    const batch = await screen.findByTestId('active-batch');
    expect(
      within(batch)
        .getAllByTestId('job-stop')
        .map((s) => s.textContent),
    ).toEqual(['Stop 1 out of 2', 'Stop 2 out of 2']);
    // The screens (the toasts of the cases before are not theirs).
    const texts = [...textsOnScreen(card), ...textsOnScreen(batch.closest('ul')!)];
    expect(texts.filter((text) => english.has(text))).toEqual([]);
  });

  it('tell an offline rider in Pidgin to go online', async () => {
    await inPidgin();
    stubFetch(GUEST);
    renderApp(<JobBoard online={false} />);
    expect(await screen.findByText('You no dey online. Go online make you see the jobs.')).toBeInTheDocument();
  });
});
