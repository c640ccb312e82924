import { describe, expect, it } from 'vitest';
import {
  CANCEL_WINDOW_MS,
  DISPATCH_STATUSES,
  dispatchCancelWindow,
  formatCountdown,
  isDispatchCompleted,
  orderCancelWindow,
  shownOrderStatus,
} from './status.js';

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

describe('dispatch statuses', () => {
  it('skip Order Confirmed: no vendor confirms a dispatch', () => {
    expect(DISPATCH_STATUSES).toEqual([
      'Order Placed',
      'Order Assigned',
      'Order Picked',
      'Order Delivered',
      'Order Cancelled',
    ]);
  });
});

describe('the cancel window', () => {
  const paid = Date.parse('2026-11-21T10:00:00Z');
  it('lets an order go while every item waits for its vendor and the window is open', () => {
    expect(orderCancelWindow(['Order Placed', 'Order Placed'], paid, paid + 60_000)).toEqual({
      until: paid + CANCEL_WINDOW_MS,
      stop: null,
    });
    expect(orderCancelWindow(['Order Placed', 'Order Cancelled'], paid, paid + CANCEL_WINDOW_MS - 1).stop).toBeNull();
  });
  it('closes an order when the window passes, a vendor confirms or a rider has it', () => {
    expect(orderCancelWindow(['Order Placed'], paid, paid + CANCEL_WINDOW_MS)).toEqual({
      until: null,
      stop: 'window_passed',
    });
    expect(orderCancelWindow(['Order Placed', 'Order Confirmed'], paid, paid).stop).toBe('confirmed');
    expect(orderCancelWindow(['Order Assigned', 'Order Confirmed'], paid, paid).stop).toBe('rider_assigned');
    expect(orderCancelWindow(['Order Picked'], paid, paid).stop).toBe('rider_assigned');
    expect(orderCancelWindow(['Order Delivered', 'Order Cancelled'], paid, paid).stop).toBe('finished');
    expect(orderCancelWindow(['Order Cancelled'], paid, paid).stop).toBe('finished');
    expect(orderCancelWindow(['Order Placed'], null, paid).stop).toBe('unpaid');
  });
  it('lets a dispatch go before a rider is assigned and within the window', () => {
    expect(dispatchCancelWindow('Order Placed', false, paid, paid + 1000)).toEqual({
      until: paid + CANCEL_WINDOW_MS,
      stop: null,
    });
    expect(dispatchCancelWindow('Order Placed', false, paid, paid + CANCEL_WINDOW_MS).stop).toBe('window_passed');
    expect(dispatchCancelWindow('Order Placed', true, paid, paid).stop).toBe('rider_assigned');
    expect(dispatchCancelWindow('Order Picked', true, paid, paid).stop).toBe('rider_assigned');
    expect(dispatchCancelWindow('Order Cancelled', false, paid, paid).stop).toBe('finished');
  });
  it('shows the time left as minutes and seconds, rounding up, never below zero', () => {
    expect(formatCountdown(CANCEL_WINDOW_MS)).toBe('5:00');
    expect(formatCountdown(192_000)).toBe('3:12');
    expect(formatCountdown(191_001)).toBe('3:12');
    expect(formatCountdown(7_000)).toBe('0:07');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
});
