import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.payments.provider).toBe('sandbox');
    expect(c.dataDir).toMatch(/data$/);
  });

  it('lists every problem at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', SERVICE_RADIUS_KM: '-1' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('SERVICE_RADIUS_KM');
  });

  it('reads the delivery fee table', () => {
    expect(loadConfig({ DELIVERY_FEE_TIERS: '1:400,*:900' }).feeTiers).toEqual([{ underKm: 1, feeKobo: 40_000 }, { underKm: null, feeKobo: 90_000 }]);
    expect(() => loadConfig({ DELIVERY_FEE_TIERS: '1:400' })).toThrow(/DELIVERY_FEE_TIERS/);
  });

  it('refuses the sandbox in production and Paystack without a key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/sandbox/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack' })).toThrow(/PAYSTACK_SECRET_KEY/);
    expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_x' }).payments.provider).toBe('paystack');
  });
});
