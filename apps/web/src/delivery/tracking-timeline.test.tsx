import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { TrackingDto, TrackingStepKey } from '@jara/shared';
import { i18n } from '../i18n';
import { loadAreas } from '../i18n/i18n';
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

describe('TrackingTimeline in both languages', () => {
  afterEach(() => i18n.activate('en'));

  /** Every form of step name the server writes (apps/server/src/modules/tracking/tracking.ts), and one it does not. */
  const named: [TrackingStepKey, string][] = [
    ['placed', 'Order placed'],
    ['placed', 'Dispatch placed'],
    ['confirmed', 'Confirmed by the vendor'],
    ['confirmed', 'Confirmed by the other vendors'],
    ['confirmed', 'Confirmed by Mama Osas Kitchen'],
    ['declined', 'Declined by Rice Hub'],
    ['assigned', 'Rider assigned'],
    ['assigned', 'Rider assigned: Tunde'],
    ['picked', 'Picked up'],
    ['delivered', 'Delivered'],
    ['cancelled', 'Cancelled by you'],
    ['cancelled', 'Cancelled by Jara support'],
    ['refund_pending', 'Refund of ₦1,500 started'],
    ['refunded', '₦1,500 refunded'],
    ['refund_failed', 'Refund of ₦1,500 failed: support will contact you'],
    ['picked', 'Collected at the gate'],
  ];
  /** The name each step shows. */
  function shownNames(): (string | null)[] {
    render(
      <TrackingTimeline
        tracking={tracking({
          timeline: named.map(([key, label]) => ({ key, label, at: '2026-11-21T12:00:00.000Z', note: null })),
        })}
      />,
    );
    return screen.getAllByTestId('timeline-step').map((step) => step.querySelector('p')!.textContent);
  }

  it("shows the server's step names exactly in English", () => {
    expect(shownNames()).toEqual(named.map(([, label]) => label));
  });

  it('speaks Pidgin: the steps, the rider and the refund', async () => {
    await loadAreas(i18n, ['delivery', 'common', 'shared', 'layout'], 'pcm');
    i18n.activate('pcm');
    const names = shownNames();
    expect(names[5]).toBe('Rice Hub no gree take am');
    expect(names[13]).toBe('₦1,500 don refund');
    // A name the server has no form for yet is shown as it came.
    expect(names[15]).toBe('Collected at the gate');
    expect(names.filter((name, i) => name === named[i]![1])).toEqual(['Collected at the gate']);
    cleanup();

    render(<TrackingTimeline tracking={tracking()} />);
    const steps = within(screen.getByRole('list', { name: 'How e dey go' })).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('Order don enter');
    expect(steps[1]).toHaveTextContent('Why: Out of rice today');
    expect(steps[2]).toHaveTextContent('Rider don take the job: Tunde');
    expect(steps[3]).toHaveTextContent('Rider don carry am (e never reach)');
    expect(screen.getByTestId('rider-card')).toHaveTextContent('Your rider na Tunde');
    expect(screen.getByTestId('rider-card')).toHaveTextContent('(2 people don rate am)');
    expect(screen.getByRole('link', { name: 'Call Tunde now' })).toBeInTheDocument();
    expect(screen.getByTestId('refund-status')).toHaveTextContent('Refund ₦1,500: e dey come back to your account');
  });
});
