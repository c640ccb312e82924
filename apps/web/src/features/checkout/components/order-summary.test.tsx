import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { cartTotals } from '@jara/shared';
import { OrderSummary } from './order-summary';

describe('OrderSummary', () => {
  it('says "Select an address" (not Free) until the fee is known, and calls the total what it is', () => {
    render(<OrderSummary totals={cartTotals(230_000, 0)} fee="no-address" />);
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('Select an address');
    expect(screen.queryByText('Free')).toBeNull();
    expect(screen.getByText('Total before delivery')).toBeInTheDocument();
  });

  it('shows the known fee in the total, and Free only when it is known to be zero', () => {
    const { rerender } = render(<OrderSummary totals={cartTotals(230_000, 75_000)} fee="known" />);
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('₦750');
    expect(screen.getByText('Total')).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('₦3,200');
    rerender(<OrderSummary totals={cartTotals(230_000, 0)} fee="known" />);
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('Free');
  });
});
