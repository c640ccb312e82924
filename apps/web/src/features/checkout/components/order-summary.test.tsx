import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { cartEstimate, cartTotals, deliveryFeeRange } from '@jara/shared';
import { i18n } from '../../../i18n';
import { loadAreas } from '../../../i18n/i18n';
import { ROOT_AREAS } from '../../../i18n/catalogues';
import { OrderSummary } from './order-summary';

describe('OrderSummary', () => {
  it('says "Select an address" (not Free) until the fee is known, with its range, and the least it all can be', () => {
    // ₦2,650 of items: a ₦140 service fee on the items alone, at least ₦150 once delivery is added.
    const estimate = cartEstimate(265_000, 1, deliveryFeeRange());
    render(<OrderSummary totals={cartTotals(265_000, 0)} fee="no-address" estimate={estimate} rangeKnown />);
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('Select an address');
    expect(screen.queryByText('Free')).toBeNull();
    expect(screen.getByTestId('summary-delivery-range')).toHaveTextContent('₦500–₦1,800 depending on distance');
    expect(screen.getByTestId('summary-service')).toHaveTextContent('from ₦150');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('from ₦3,300');
  });

  it('gives the range for every shop in the cart', () => {
    const estimate = cartEstimate(265_000, 2, deliveryFeeRange());
    render(
      <OrderSummary totals={cartTotals(265_000, 0)} fee="failed" estimate={estimate} rangeKnown vendorCount={2} />,
    );
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('Unavailable');
    expect(screen.getByTestId('summary-delivery-range')).toHaveTextContent(
      '₦1,000–₦3,600 for 2 shops, depending on distance',
    );
  });

  it('shows the known fee in the total, and Free only when it is known to be zero', () => {
    const estimate = cartEstimate(230_000, 1, deliveryFeeRange());
    const { rerender } = render(
      <OrderSummary totals={cartTotals(230_000, 75_000)} fee="known" estimate={estimate} rangeKnown />,
    );
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('₦750');
    expect(screen.queryByTestId('summary-delivery-range')).toBeNull();
    expect(screen.getByTestId('summary-service')).toHaveTextContent(/^₦/);
    expect(screen.getByTestId('summary-total')).toHaveTextContent(/^₦3,200$/);
    rerender(<OrderSummary totals={cartTotals(230_000, 0)} fee="known" />);
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('Free');
  });

  describe('in Pidgin', () => {
    afterEach(() => i18n.activate('en'));

    it('words the rows, the range and "from" the Pidgin way, naira the same', async () => {
      await loadAreas(i18n, ['checkout', ...ROOT_AREAS], 'pcm');
      i18n.activate('pcm');
      const estimate = cartEstimate(265_000, 2, deliveryFeeRange());
      const { rerender } = render(
        <OrderSummary
          totals={cartTotals(265_000, 0)}
          fee="no-address"
          estimate={estimate}
          rangeKnown
          vendorCount={2}
        />,
      );
      expect(screen.getByTestId('summary-delivery')).toHaveTextContent('Choose address');
      expect(screen.getByTestId('summary-delivery-range')).toHaveTextContent(
        '₦1,000–₦3,600 for 2 shops, e depend on how far',
      );
      expect(screen.getByTestId('summary-service')).toHaveTextContent(/^start from ₦/);
      expect(screen.getByText('Delivery money')).toBeInTheDocument();
      rerender(<OrderSummary totals={cartTotals(230_000, 0)} fee="known" />);
      expect(screen.getByTestId('summary-delivery')).toHaveTextContent('Na free');
    });
  });
});
