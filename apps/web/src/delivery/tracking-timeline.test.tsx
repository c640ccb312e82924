import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { TrackingDto } from '@jara/shared';
import { TrackingTimeline } from './tracking-timeline';

const tracking = (over: Partial<TrackingDto> = {}): TrackingDto => ({
  timeline: [
    { key: 'placed', label: 'Order placed', at: '2026-11-21T23:30:00.000Z', note: null },
    { key: 'declined', label: 'Declined by Rice Hub', at: '2026-11-21T23:40:00.000Z', note: 'Out of rice today' },
    { key: 'assigned', label: 'Rider assigned: Tunde', at: '2026-11-21T23:50:00.000Z', note: null },
    { key: 'picked', label: 'Picked up', at: null, note: null },
    { key: 'delivered', label: 'Delivered', at: null, note: null },
  ],
  rider: { firstName: 'Tunde', rating: 4.5, ratingCount: 2, phone: '0805 987 6543' },
  refund: { state: 'pending', amount: 1500 },
  ...over,
});

describe('TrackingTimeline', () => {
  it('shows each step with its Lagos time, the reason, the rider with a call link and the refund', () => {
    render(<TrackingTimeline tracking={tracking()} />);
    const steps = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((s) => s.getAttribute('data-done'))).toEqual(['true', 'true', 'true', 'false', 'false']);
    // 23:30 UTC is already the next day in Lagos (00:30).
    expect(steps[0]).toHaveTextContent(/22 Nov, (0?0:30|12:30 am)/i);
    expect(steps[1]).toHaveTextContent('Reason: Out of rice today');
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('link', { name: 'Call Tunde' })).toHaveAttribute('href', 'tel:08059876543');
    expect(screen.getByTestId('rider-card')).toHaveTextContent('4.5');
    expect(screen.getByTestId('refund-status')).toHaveTextContent('Refund ₦1,500: on its way to your payment method');
  });

  it('has no call button without a phone, and nothing at all without a timeline', () => {
    const { unmount } = render(
      <TrackingTimeline
        tracking={tracking({ rider: { firstName: 'Tunde', rating: null, ratingCount: 0, phone: null }, refund: null })}
      />,
    );
    expect(screen.queryByRole('link', { name: /Call/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('rider-card')).toHaveTextContent('New rider, no ratings yet');
    expect(screen.queryByTestId('refund-status')).not.toBeInTheDocument();
    unmount();
    const { container } = render(<TrackingTimeline tracking={{}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
