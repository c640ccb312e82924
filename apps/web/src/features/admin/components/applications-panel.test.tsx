import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationsAnswer, BulkApproveAnswer } from '@jara/shared';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { ApplicationsPanel } from './applications-panel';

const V1 = '11111111-0000-4000-8000-000000000001';
const V2 = '11111111-0000-4000-8000-000000000002';
const R1 = '22222222-0000-4000-8000-000000000001';
const shop = (id: string, name: string) => ({
  _id: id,
  businessName: name,
  kind: 'food' as const,
  phone: '08031234567',
  address: 'Ugbowo',
  latitude: 6.4,
  longitude: 5.61,
  profilePhoto: '/media/seed/vendors/x.webp',
  openingHours: {},
  applicant: 'Ronke',
  email: 'ronke@example.com',
  createdAt: '2026-11-23T09:00:00.000Z',
});
const applications: ApplicationsAnswer = {
  success: true,
  vendors: [shop(V1, 'Mama Put'), shop(V2, 'Suya Spot')],
  riders: [
    {
      _id: R1,
      name: 'Tunde Rider',
      phone: '08031234567',
      dateOfBirth: '2000-01-01',
      vehicle: 'motorcycle',
      email: 'tunde@example.com',
      createdAt: '2026-11-23T09:00:00.000Z',
    },
  ],
};

describe('ApplicationsPanel: approving several at once', () => {
  afterEach(() => vi.restoreAllMocks());

  it('approves the selected applications in one request and lists the ones that did not go, with why', async () => {
    const answer: BulkApproveAnswer = {
      success: true,
      results: [
        { kind: 'vendor', id: V1, ok: true },
        {
          kind: 'rider',
          id: R1,
          ok: false,
          code: 'already_reviewed',
          message: 'This application is already approved.',
        },
      ],
    };
    const calls = stubFetch({
      ...GUEST,
      'GET /api/admin/applications': applications,
      'POST /api/admin/applications/approve': answer,
    });
    renderApp(<ApplicationsPanel />, { route: '/admin' });
    const send = await screen.findByRole('button', { name: 'Approve selected (0)' });
    expect(send).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Mama Put' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Tunde Rider' }));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    expect(confirm).toHaveBeenCalledWith('Approve 2 applications? Each applicant is emailed.');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        items: [
          { kind: 'vendor', id: V1 },
          { kind: 'rider', id: R1 },
        ],
      }),
    );
    expect(await screen.findByText('1 approved; the applicants are emailed')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not approved');
    expect(alert).toHaveTextContent('Tunde Rider: This application is already approved.');
    // The selection is cleared.
    expect(screen.getByRole('checkbox', { name: 'Select Mama Put' })).not.toBeChecked();
  });

  it('selects every waiting application at once, and sends nothing when the admin does not confirm', async () => {
    const calls = stubFetch({ ...GUEST, 'GET /api/admin/applications': applications });
    renderApp(<ApplicationsPanel />, { route: '/admin' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all (3)' }));
    for (const name of ['Mama Put', 'Suya Spot', 'Tunde Rider'])
      expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected (3)' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
