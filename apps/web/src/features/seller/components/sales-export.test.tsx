import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { GUEST, renderApp, stubFetch } from '../../../test/render';
import { SalesExport } from './sales-export';

describe('SalesExport: the shop’s own sales as a CSV file', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-15T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('links to this month’s sales, then to the days chosen; none while the days are wrong', async () => {
    stubFetch(GUEST);
    renderApp(<SalesExport />);
    const download = await screen.findByRole('link', { name: 'Download sales (CSV)' });
    expect(download).toHaveAttribute('href', '/api/seller/exports/sales?from=2026-11-01&to=2026-11-30');
    expect(download).toHaveAttribute('download');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-07' } });
    expect(screen.getByRole('link', { name: 'Download sales (CSV)' })).toHaveAttribute(
      'href',
      '/api/seller/exports/sales?from=2026-11-01&to=2026-11-07',
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-08' } });
    expect(screen.getByText('The end day is before the start day.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download sales (CSV)' })).toBeNull();
  });
});
