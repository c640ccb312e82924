import { describe, expect, it } from 'vitest';
import { isDispatchCompleted, shownOrderStatus } from './status.js';

describe('shown order status', () => {
  it('is the earliest stage among items not cancelled', () => {
    expect(shownOrderStatus(['Order Picked', 'Order Confirmed', 'Order Delivered'])).toBe('Order Confirmed');
    expect(shownOrderStatus(['Order Cancelled', 'Order Delivered'])).toBe('Order Delivered');
    expect(shownOrderStatus(['Order Cancelled', 'Order Cancelled'])).toBe('Order Cancelled');
    expect(shownOrderStatus(['Order Placed'])).toBe('Order Placed');
  });
  it('treats delivered and cancelled dispatches as completed', () => {
    expect(isDispatchCompleted('Order Delivered')).toBe(true);
    expect(isDispatchCompleted('Order Cancelled')).toBe(true);
    expect(isDispatchCompleted('Order Picked')).toBe(false);
  });
});
