import { test, expect, type APIRequestContext } from '@playwright/test';
import { ADMIN, hydrated, openLoginModal, seriousViolations, signIn, unique } from './tests/helpers';

/**
 * Verified accounts (issue 32, decision 0050), on a phone: a student signs up as the spec's flow
 * does (logged in at once), is told a code went to their email, reads it (here: from the admin's
 * outbox, where the mail the app sent is kept without SMTP), enters it on the profile and earns
 * the "Verified student" badge for a uniben.edu address; then verifies a phone the same way with
 * the text the SMS sandbox keeps in the same outbox.
 */

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };

interface Outbox {
  messages: { to: string; subject: string; text: string }[];
  sms: { to: string; text: string }[];
}

/** The latest 6-digit code sent to `to`, by mail or by text, as the admin's outbox shows it. */
async function codeSentTo(admin: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const outbox = (await (await admin.get('/api/admin/outbox')).json()) as Outbox;
      const latest = outbox.messages.find((m) => m.to === to)?.subject ?? outbox.sms.find((m) => m.to === to)?.text;
      code = latest && /\b(\d{6})\b/.exec(latest)?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

test('sign up → the code from the outbox → verified on the profile, with the "Verified student" badge', async ({
  browser,
  baseURL,
}) => {
  const base = baseURL!;
  const context = await browser.newContext({ baseURL: base, ...PHONE });
  const page = await context.newPage();
  const admin = await browser.newContext({ baseURL: base });
  await signIn(admin.request, base, ADMIN);

  // Sign-up as the spec has it: the account is made and logged in; a banner says a code was mailed.
  await page.goto('/');
  await hydrated(page);
  const dialog = await openLoginModal(page);
  await dialog.getByRole('button', { name: 'click here' }).click();
  const email = `ada.${unique()}@student.uniben.edu`;
  await dialog.getByLabel('Name').fill('Ada Student');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('Student#2026');
  await dialog.getByLabel('Confirm Password', { exact: true }).fill('Student#2026');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
  const notice = page.getByTestId('verify-email-notice');
  await expect(notice).toContainText(`We sent a 6-digit code to ${email}.`);

  const code = await codeSentTo(admin.request, email);
  await notice.getByRole('link', { name: 'Verify on your profile' }).click();
  await expect(page).toHaveURL(/\/profile/);
  const panel = page.locator('#verification');
  await expect(panel.getByText(`Enter the 6-digit code we sent to ${email}.`)).toBeVisible();
  await expect(page.getByText('Verified student')).toHaveCount(0);
  expect(await seriousViolations(page, '#verification')).toEqual([]);

  // A wrong code is refused with the server's message and the tries left.
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await panel.getByLabel('Code from your email').fill(wrong);
  await panel.getByRole('button', { name: 'Verify email' }).click();
  await expect(panel.getByRole('alert')).toHaveText('That code is not right. 4 tries left.');

  await panel.getByLabel('Code from your email').fill(code);
  await panel.getByRole('button', { name: 'Verify email' }).click();
  await expect(panel.getByText(`${email} is verified.`)).toBeVisible();
  await expect(panel.getByText('Verified student')).toBeVisible();
  await expect(notice).toBeHidden();

  // The phone, optional: a Nigerian number as people type it, then the texted code.
  const typed = `0803 ${String(Math.floor(Math.random() * 1e3)).padStart(3, '0')} ${String(
    Math.floor(Math.random() * 1e4),
  ).padStart(4, '0')}`;
  const e164 = `+234${typed.replaceAll(' ', '').slice(1)}`;
  await panel.getByLabel('Phone number').fill('12345');
  await panel.getByRole('button', { name: 'Text me a code' }).click();
  await expect(panel.getByText('Please enter a valid Nigerian phone number.')).toBeVisible();
  await panel.getByLabel('Phone number').fill(typed);
  await panel.getByRole('button', { name: 'Text me a code' }).click();
  await expect(panel.getByText(`We texted a 6-digit code to ${e164}.`)).toBeVisible();
  await panel.getByLabel('Code from the text message').fill(await codeSentTo(admin.request, e164));
  await panel.getByRole('button', { name: 'Verify phone' }).click();
  await expect(panel.getByText(`${e164} is verified.`)).toBeVisible();
  expect(await seriousViolations(page, '#verification')).toEqual([]);

  // What the server says now, and what the admin sees.
  const me = (await (await page.request.get('/api/user/is-auth')).json()) as { user: Record<string, unknown> };
  expect(me.user).toMatchObject({ emailVerified: true, verifiedStudent: true, phone: e164, phoneVerified: true });
  await context.close();
  await admin.close();
});
