import { describe, expect, it } from 'vitest';
import type { Role } from '@jara/shared';
import { mayAccess, type Access } from './access.js';

/** The capability check by route rule: any one role the rule names will do. */
describe('mayAccess', () => {
  const user = (...roles: Role[]) => ({ roles });
  const table: [Access, ReturnType<typeof user> | null, boolean][] = [
    ['public', null, true],
    ['optional', null, true],
    ['user', null, false],
    ['user', user('customer'), true],
    [['vendor'], user('customer'), false],
    [['vendor'], user('customer', 'vendor'), true],
    [['rider'], user('customer', 'vendor'), false],
    [['rider'], user('customer', 'vendor', 'rider'), true],
    [['vendor'], user('customer', 'vendor', 'rider'), true],
    [['support', 'admin'], user('admin'), true],
    [['support', 'admin'], user('customer', 'rider'), false],
    [['admin'], user('support'), false],
  ];
  it.each(table)('%j for %j → %s', (access, who, expected) => {
    expect(mayAccess(access, who)).toBe(expected);
  });
});
