import { CATEGORIES, haversineKm, isValidNigerianPhone } from '@jara/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { SEED_CATEGORIES, SEED_PRODUCTS, SEED_VENDORS } from './catalogue-data.js';

/** The campus a deployment serves by default (CAMPUS_LAT, CAMPUS_LON). */
const { centre } = loadConfig({}).campus.serviceArea;
const kmFromCampus = (latitude: number, longitude: number) => haversineKm(centre, { latitude, longitude });

describe('seed catalogue', () => {
  it('matches the shared category list', () => {
    expect(SEED_CATEGORIES.map(({ path, text }) => ({ path, text }))).toEqual(
      CATEGORIES.map(({ path, text }) => ({ path, text })),
    );
    for (const c of SEED_CATEGORIES) expect(c.bgColor).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it('has enough food and goods vendors near campus with valid phones', () => {
    expect(SEED_VENDORS.length).toBeGreaterThanOrEqual(14);
    expect(SEED_VENDORS.filter((v) => v.kind === 'food').length).toBeGreaterThanOrEqual(5);
    expect(new Set(SEED_VENDORS.map((v) => v.key)).size).toBe(SEED_VENDORS.length);
    for (const v of SEED_VENDORS) {
      expect(isValidNigerianPhone(v.phone), v.phone).toBe(true);
      expect(kmFromCampus(v.latitude, v.longitude)).toBeLessThan(3);
      expect(v.accent).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });

  it('keeps every vendor open all day, except two goods shops closed on Sunday', () => {
    const closedSunday = SEED_VENDORS.filter((v) => v.openingHours['0'] === null);
    expect(closedSunday.map((v) => v.kind)).toEqual(['goods', 'goods']);
    for (const v of SEED_VENDORS) {
      for (const day of ['0', '1', '2', '3', '4', '5', '6'] as const) {
        const h = v.openingHours[day];
        if (h === null) continue;
        expect(h).toEqual({ open: '00:00', close: '23:59' });
      }
    }
  });

  it('has at least 90 well-formed products across all categories', () => {
    expect(SEED_PRODUCTS.length).toBeGreaterThanOrEqual(90);
    expect(new Set(SEED_PRODUCTS.map((p) => p.key)).size).toBe(SEED_PRODUCTS.length);
    const vendors = new Map(SEED_VENDORS.map((v) => [v.key, v]));
    for (const c of SEED_CATEGORIES) expect(SEED_PRODUCTS.some((p) => p.category === c.path)).toBe(true);
    for (const p of SEED_PRODUCTS) {
      const vendor = vendors.get(p.vendorKey);
      expect(vendor, p.key).toBeDefined();
      expect(vendor!.kind === 'food', p.key).toBe(p.category === 'food');
      expect(p.description.length).toBeGreaterThanOrEqual(2);
      expect(p.description.length).toBeLessThanOrEqual(4);
      expect(p.options.length).toBeGreaterThanOrEqual(1);
      expect(p.options.length).toBeLessThanOrEqual(4);
      if (p.options.length === 1) expect(p.options[0]!.name).toBe('Default Option');
      for (const o of p.options) {
        expect(Number.isInteger(o.priceKobo) && o.priceKobo > 0).toBe(true);
        if (o.offerPriceKobo !== null) expect(o.offerPriceKobo).toBeLessThan(o.priceKobo);
      }
    }
  });

  it('names no choice its options then vary, and asks nothing a delivery cannot give', () => {
    for (const p of SEED_PRODUCTS) {
      // "With chicken", "With fish": the product's name must not already settle the choice.
      const choices = p.options.map((o) => /^With (.+)$/i.exec(o.name)?.[1]?.toLowerCase()).filter(Boolean);
      for (const c of choices) expect(p.name.toLowerCase(), `${p.key} offers "With ${c}"`).not.toContain(c);
      // Orders are delivered within the hour and never scheduled: no counter, no ordering ahead,
      // and a wish goes in the delivery note, the one place a shopper can write it.
      for (const line of p.description)
        expect(line, p.key).not.toMatch(/\bcounter\b|\bahead\b|on request|delivery chat|in store|visit us/i);
    }
  });

  it('has roughly 20% on offer and 8% out of stock', () => {
    const n = SEED_PRODUCTS.length;
    const offers = SEED_PRODUCTS.filter((p) => p.options.some((o) => o.offerPriceKobo !== null)).length;
    const out = SEED_PRODUCTS.filter((p) => !p.inStock).length;
    expect(offers / n).toBeGreaterThan(0.15);
    expect(offers / n).toBeLessThan(0.3);
    expect(out / n).toBeGreaterThan(0.05);
    expect(out / n).toBeLessThan(0.12);
  });
});
