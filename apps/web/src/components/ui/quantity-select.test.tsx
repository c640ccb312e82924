import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QuantitySelect } from './quantity-select';

describe('QuantitySelect', () => {
  it('offers 1 to 9, up to 9 chosen', () => {
    const options = () => screen.getAllByRole('option').map((o) => o.textContent);
    const { rerender } = render(<QuantitySelect value={1} onChange={() => {}} />);
    expect(options()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    rerender(<QuantitySelect value={9} onChange={() => {}} />);
    expect(options()).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
  });

  it('offers more when the quantity is already above 9', () => {
    render(<QuantitySelect value={12} onChange={() => {}} />);
    expect(screen.getAllByRole('option')).toHaveLength(12);
    expect(screen.getByRole('combobox', { name: 'Quantity' })).toHaveValue('12');
  });

  it('reports the chosen quantity', async () => {
    const onChange = vi.fn();
    render(<QuantitySelect value={1} onChange={onChange} label="Quantity of Rice" />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Quantity of Rice' }), '4');
    expect(onChange).toHaveBeenCalledWith(4);
  });
});
