import { describe, expect, it } from 'vitest';
import type { PublicUser, Role } from '@jara/shared';
import { portalLinks } from './nav-bar';

const as = (roles: Role[]) => ({ roles }) as unknown as PublicUser;
const labels = (u: PublicUser | null) => portalLinks(u).map((l) => `${l.label} → ${l.to}`);

describe('portalLinks: the menu shows the portals the roles open', () => {
  it('a guest and a customer get the ways in', () => {
    expect(labels(null)).toEqual(['Sell on Jara → /seller', 'Ride with Jara → /rider']);
    expect(labels(as(['customer']))).toEqual(['Sell on Jara → /seller', 'Ride with Jara → /rider']);
  });
  it('a vendor who also rides sees both dashboards', () => {
    expect(labels(as(['customer', 'vendor', 'rider']))).toEqual([
      'Seller dashboard → /seller',
      'Rider dashboard → /rider',
    ]);
  });
  it('support and admin see their inboxes and the admin area', () => {
    expect(labels(as(['support']))).toContain('Support inbox → /support');
    expect(labels(as(['support']))).not.toContain('Admin → /admin');
    expect(labels(as(['admin']))).toEqual(expect.arrayContaining(['Support inbox → /support', 'Admin → /admin']));
  });
});
