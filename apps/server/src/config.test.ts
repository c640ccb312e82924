import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadEnvFile } from './config.js';

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
    expect(loadConfig({ DELIVERY_FEE_TIERS: '1:400,*:900' }).feeTiers).toEqual([
      { underKm: 1, feeKobo: 40_000 },
      { underKm: null, feeKobo: 90_000 },
    ]);
    expect(() => loadConfig({ DELIVERY_FEE_TIERS: '1:400' })).toThrow(/DELIVERY_FEE_TIERS/);
  });

  it('refuses the sandbox in production and Paystack without a key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/sandbox/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack' })).toThrow(/PAYSTACK_SECRET_KEY/);
    expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_x' }).payments.provider).toBe('paystack');
  });

  it('takes a fault checkpoint only outside production, and only a known one', () => {
    expect(loadConfig({}).faultCheckpoint).toBeNull();
    expect(loadConfig({ JARA_FAULT_CHECKPOINT: 'refund-requested' }).faultCheckpoint).toEqual({
      name: 'refund-requested',
      at: 1,
    });
    expect(loadConfig({ JARA_FAULT_CHECKPOINT: 'webhook-received:3' }).faultCheckpoint).toEqual({
      name: 'webhook-received',
      at: 3,
    });
    expect(() => loadConfig({ JARA_FAULT_CHECKPOINT: 'somewhere' })).toThrow(
      /JARA_FAULT_CHECKPOINT: one of order-recorded/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_x', JARA_FAULT_CHECKPOINT: 'order-recorded' }),
    ).toThrow(/JARA_FAULT_CHECKPOINT: a test-only crash hook; never set in production/);
  });
});

describe('the test clock', () => {
  it('takes an instant with its offset, outside production only', () => {
    expect(loadConfig({}).testClock).toBeNull();
    expect(loadConfig({ JARA_TEST_CLOCK: '2026-11-25T12:00:00+01:00' }).testClock).toEqual(
      new Date('2026-11-25T11:00:00Z'),
    );
    // Without an offset the instant would depend on the machine's time zone.
    expect(() => loadConfig({ JARA_TEST_CLOCK: '2026-11-25T12:00:00' })).toThrow(/JARA_TEST_CLOCK: an instant/);
    expect(() => loadConfig({ JARA_TEST_CLOCK: 'noon' })).toThrow(/JARA_TEST_CLOCK: an instant/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_x', JARA_TEST_CLOCK: '2026-11-25T11:00:00Z' }),
    ).toThrow(/JARA_TEST_CLOCK: a test-only fixed clock; never set in production/);
  });
});

describe('production-safe defaults', () => {
  const prod = { NODE_ENV: 'production', PAYSTACK_SECRET_KEY: 'sk_live_x' };
  it('loads the demo data by default only outside production', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig(prod)).toMatchObject({ seedDemo: false, demoSite: false });
    expect(loadConfig({ ...prod, SEED_DEMO: 'true' })).toMatchObject({ seedDemo: true, demoSite: true });
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });
});

describe('.env', () => {
  const keys = ['JARA_TEST_FROM_FILE', 'JARA_TEST_BOTH', 'JARA_TEST_QUOTED'];
  afterEach(() => {
    for (const k of keys) delete process.env[k];
  });

  it('is read from the folder npm ran in; the environment wins over the file', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jara-env-'));
    writeFileSync(
      path.join(dir, '.env'),
      '# comment\nJARA_TEST_FROM_FILE=file\nJARA_TEST_BOTH=file\nJARA_TEST_QUOTED="Jara <no-reply@jara.ng>"\n',
    );
    process.env.JARA_TEST_BOTH = 'environment';
    expect(loadEnvFile({}, dir)).toBe(path.join(dir, '.env'));
    expect(process.env.JARA_TEST_FROM_FILE).toBe('file');
    expect(process.env.JARA_TEST_BOTH).toBe('environment');
    expect(process.env.JARA_TEST_QUOTED).toBe('Jara <no-reply@jara.ng>');
  });

  it('may be missing; a file named by ENV_FILE may not', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'jara-env-'));
    expect(loadEnvFile({}, dir)).toBeNull();
    expect(() => loadEnvFile({ ENV_FILE: 'production.env' }, dir)).toThrow(ConfigError);
    expect(() => loadEnvFile({ ENV_FILE: 'production.env' }, dir)).toThrow(/production\.env/);
  });
});
