import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createUser, json, type TestApp } from '../../../test/helpers.js';
import { sessions } from '../../infra/db/tables.js';
import { users } from '../auth/auth.tables.js';
import { createOrPromoteAdmin } from './admin-create.js';
import type { UserAnswer } from '@jara/shared';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.closeAll());

it('creates an admin whose one-time password logs in', async () => {
  const r = await createOrPromoteAdmin(app.ctx.db, 'Boss@Example.com', 'The Boss');
  expect(r).toMatchObject({ email: 'boss@example.com', created: true });
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email: r.email, password: r.password },
  });
  expect(json<UserAnswer>(login).user.role).toBe('admin');
});

it('promotes an existing user, replaces the password and ends their sessions', async () => {
  const u = await createUser(app);
  const r = await createOrPromoteAdmin(app.ctx.db, u.user.email, 'x');
  expect(r.created).toBe(false);
  const [row] = await app.ctx.db.select().from(users).where(eq(users.id, u.user.id));
  expect(row!.roles).toEqual(['customer', 'admin']);
  expect(await app.ctx.db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toHaveLength(0);
  await expect(createOrPromoteAdmin(app.ctx.db, 'not-an-email', 'x')).rejects.toThrow(/Not an email/);
});
