import { describe, expect, it } from 'vitest';
import { disputeNamedBy, refundSource } from './refund-source.js';

const ORDER = '3f9a1c2e-0000-4000-8000-00000000abcd';

describe('refundSource', () => {
  it('reads each reason the app writes as its source', () => {
    expect(refundSource(`Order ${ORDER} cancelled by the customer`)).toBe('cancelled');
    expect(refundSource('Dispatch cancelled by the sender')).toBe('cancelled');
    expect(refundSource("Declined by Mama Put: We don't have plantain today")).toBe('declined');
    expect(refundSource(`Order ${ORDER}: not confirmed within 10 minutes`)).toBe('unconfirmed');
    expect(refundSource('Admin refund: Wrong item sent')).toBe('admin');
    expect(refundSource(`Dispute 9c1d2e3f on order ${ORDER}`)).toBe('dispute');
  });

  it("goes by the prefix the app writes, whatever the admin's or the vendor's own words", () => {
    expect(refundSource(`Admin refund: Dispute 9c1d2e3f on order ${ORDER}`)).toBe('admin');
    expect(refundSource('Admin refund: Dispatch cancelled by the sender')).toBe('admin');
    expect(refundSource('Declined by Admin refund: Shop: closed early')).toBe('declined');
  });

  it('calls anything else other', () => {
    expect(refundSource('')).toBe('other');
    expect(refundSource('Refund')).toBe('other');
    expect(refundSource(`order ${ORDER} cancelled by the customer`)).toBe('other');
    expect(refundSource(`Dispute 9c1d2e3f on order ${ORDER} (again)`)).toBe('other');
  });
});

describe('disputeNamedBy', () => {
  it("finds the dispute's short id and its order in a dispute's refund", () => {
    expect(disputeNamedBy(`Dispute 9c1d2e3f on order ${ORDER}`)).toEqual({ ref: '9c1d2e3f', orderId: ORDER });
    expect(disputeNamedBy('Admin refund: Wrong item sent')).toBeNull();
  });
});
