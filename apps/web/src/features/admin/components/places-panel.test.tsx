import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPlaceDto, AdminPlacesAnswer } from '@jara/shared';
import { GUEST, MAP_ANSWER, renderApp, stubFetch } from '../../../test/render';
import { PlacesPanel } from './places-panel';

const place = (over: Partial<AdminPlaceDto>): AdminPlaceDto => ({
  placeId: 'hall-2',
  displayName: 'Hall 2, University of Benin',
  street: '',
  city: 'Benin City',
  kind: 'hall',
  source: 'curated',
  lat: 6.401,
  lon: 5.612,
  blocks: ['A', 'B'],
  hidden: false,
  editedAt: null,
  ...over,
});
const HALL2 = place({});
const LODGE = place({
  placeId: 'lodge',
  displayName: 'Osaro Lodge, Ekosodin',
  kind: 'hostel',
  blocks: [],
  hidden: true,
});
const list = (places: AdminPlaceDto[]): AdminPlacesAnswer => ({
  success: true,
  places,
  total: places.length,
  nextOffset: null,
});

function recordUrls(): string[] {
  const urls: string[] = [];
  const inner = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return inner(input, init);
  }) as typeof fetch;
  return urls;
}

describe('the campus places panel', () => {
  it('lists places with their blocks, marks hidden ones, and searches by name', async () => {
    stubFetch({
      ...GUEST,
      ...MAP_ANSWER,
      'GET /api/admin/places': list([HALL2, LODGE]),
    });
    const urls = recordUrls();
    renderApp(<PlacesPanel />);
    expect(await screen.findByText('Hall 2, University of Benin')).toBeInTheDocument();
    expect(screen.getByText('Blocks: A, B')).toBeInTheDocument();
    expect(screen.getByText('Osaro Lodge, Ekosodin (hidden)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Osaro Lodge, Ekosodin again' })).toBeInTheDocument();
    expect(screen.getByText('2 places')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search places'), 'hall');
    await waitFor(() => expect(urls.some((u) => u.includes('q=hall'))).toBe(true));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'hidden');
    await waitFor(() => expect(urls.some((u) => u.includes('show=hidden'))).toBe(true));
  });

  it('hides a place and shows one again', async () => {
    const calls = stubFetch({
      ...GUEST,
      ...MAP_ANSWER,
      'GET /api/admin/places': list([HALL2, LODGE]),
      'POST /api/admin/places/hall-2/hide': { success: true, place: { ...HALL2, hidden: true } },
      'POST /api/admin/places/lodge/unhide': { success: true, place: { ...LODGE, hidden: false } },
    });
    renderApp(<PlacesPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Hide Hall 2, University of Benin' }));
    expect(await screen.findByText('Hall 2, University of Benin is hidden')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show Osaro Lodge, Ekosodin again' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/admin/places/lodge/unhide'),
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/admin/places/hall-2/hide');
  });

  it('renames a place, moves its pin on the map and edits its blocks', async () => {
    const calls = stubFetch({
      ...GUEST,
      ...MAP_ANSWER,
      'GET /api/admin/places': list([HALL2]),
      'PUT /api/admin/places/hall-2': (body: unknown) => ({ success: true, place: { ...HALL2, ...(body as object) } }),
    });
    renderApp(<PlacesPanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Hall 2, University of Benin' }));
    const form = screen.getByRole('form', { name: 'Campus place' });
    const name = within(form).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Hall 2 (Tinubu Hall), University of Benin');
    const blocks = within(form).getByLabelText(/^Blocks or wings/);
    await userEvent.type(blocks, '\nAnnex');
    // Moved with the keys, as a finger's drag ends: the latitude field follows the pin.
    const pin = await screen.findByRole('button', { name: 'Hall 2 (Tinubu Hall), University of Benin' });
    for (let i = 0; i < 3; i++) fireEvent.keyDown(pin, { key: 'ArrowUp' });
    await waitFor(() =>
      expect(Number((within(form).getByLabelText('Latitude') as HTMLInputElement).value)).toBeGreaterThan(6.401),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save place' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      displayName: 'Hall 2 (Tinubu Hall), University of Benin',
      kind: 'hall',
      blocks: ['A', 'B', 'Annex'],
      lon: expect.closeTo(5.612, 4),
    });
    expect(body.lat).toBeGreaterThan(6.401);
    expect(await screen.findByText('Place saved')).toBeInTheDocument();
  });

  it('says what is wrong before sending, and shows the server’s refusal', async () => {
    const calls = stubFetch({
      ...GUEST,
      ...MAP_ANSWER,
      'GET /api/admin/places': list([]),
      'POST /api/admin/places': new Response(
        JSON.stringify({
          success: false,
          message: 'This place is outside our delivery area.',
          code: 'outside_service_area',
        }),
        { status: 400 },
      ),
    });
    renderApp(<PlacesPanel />);
    expect(await screen.findByText('No place matches.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add place' }));
    const form = screen.getByRole('form', { name: 'Campus place' });
    const lat = within(form).getByLabelText('Latitude');
    await userEvent.clear(lat);
    await userEvent.type(lat, 'north');
    await userEvent.click(within(form).getByRole('button', { name: 'Save place' }));
    expect(within(form).getByText('This field is required')).toBeInTheDocument();
    expect(within(form).getByText('Enter a number, or drag the pin on the map')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Check the fields marked below.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/^Name/), 'Far Hall');
    await userEvent.clear(lat);
    await userEvent.type(lat, '9.07');
    await userEvent.click(within(form).getByRole('button', { name: 'Save place' }));
    expect(await within(form).findByText('This place is outside our delivery area.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
