import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PlaceCombobox } from './place-combobox';

afterEach(() => vi.useRealTimers());

function Box() {
  const [value, setValue] = useState('');
  return (
    <>
      <PlaceCombobox
        label="Address"
        value={value}
        suggestions={value ? [{ place_id: '1', display_name: 'Hall 2' }] : []}
        loading={false}
        onTextChange={setValue}
        onPick={() => {}}
      />
      <input aria-label="Phone" />
    </>
  );
}

/** The box with `text` typed in it (fake timers on). */
function typed(text: string) {
  vi.useFakeTimers();
  render(<Box />);
  const box = screen.getByRole('combobox', { name: 'Address' });
  fireEvent.focus(box);
  fireEvent.change(box, { target: { value: text } });
  return box;
}

describe('PlaceCombobox', () => {
  it('closes the list a moment after the box is left', () => {
    const box = typed('Ha');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    fireEvent.blur(box);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open when the box is left and typed in again before that moment', () => {
    const box = typed('Ha');
    fireEvent.blur(box);
    act(() => {
      vi.advanceTimersByTime(50);
    });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'Hal' } });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: 'Hall 2' })).toBeVisible();
  });
});
