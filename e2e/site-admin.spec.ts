import { test, expect } from '@playwright/test';
import { ADMIN, hydrated, seriousViolations, signIn } from './tests/helpers';

/**
 * Running the site from the admin (issue 33): an admin sets the contact details, which the contact
 * page shows (rendered on the server, in the visitor's language), and hides a campus place, which
 * then leaves the address search. Both are put back at the end: the other journeys share this server.
 */

test('an admin edits the contact details and hides a campus place', async ({ page, baseURL, browser }) => {
  test.setTimeout(120_000);
  await signIn(page.request, baseURL!, ADMIN);

  // The contact details, in English.
  await page.goto('/admin/content');
  await hydrated(page);
  await page.getByRole('combobox', { name: 'Page' }).selectOption('contact');
  await page.getByLabel('Phone').fill('12345');
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Please enter a valid Nigerian phone number.')).toBeVisible();
  await page.getByLabel('Phone').fill('0803 123 4567');
  await page.getByLabel('Support hours').fill('8 AM – 9 PM, Monday to Saturday');
  await page.getByRole('button', { name: 'Save page' }).click();
  await expect(page.getByText('Page saved')).toBeVisible();
  expect(await seriousViolations(page, 'main')).toEqual([]);

  // A visitor's contact page, as the server renders it (no JavaScript needed to read it).
  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const contact = await visitor.newPage();
  await contact.goto('/contact');
  await expect(contact.getByRole('heading', { name: 'Other ways to reach us' })).toBeVisible();
  await expect(contact.getByRole('link', { name: '0803 123 4567' })).toHaveAttribute('href', 'tel:08031234567');
  await expect(contact.getByText('8 AM – 9 PM, Monday to Saturday')).toBeVisible();
  // The Pidgin page keeps its own (unset) details.
  await visitor.addCookies([{ name: 'jara_lang', value: 'pcm', url: baseURL! }]);
  await contact.goto('/contact');
  await expect(contact.getByRole('link', { name: '0803 123 4567' })).toHaveCount(0);
  await visitor.close();

  // A campus place hidden, then shown again.
  await page.goto('/admin/places');
  await page.getByLabel('Search places').fill('hall 5');
  const hide = page.getByRole('button', { name: /^Hide Hall 5/ }).first();
  await expect(hide).toBeVisible();
  await hide.click();
  await expect(page.getByText(/^Hall 5.* is hidden$/)).toBeVisible();
  const found = async () =>
    (
      (await (await page.request.get('/api/geocoding/search?q=hall%205')).json()) as {
        data: { display_name: string }[];
      }
    ).data.map((p) => p.display_name);
  expect((await found()).filter((n) => n.startsWith('Hall 5'))).toEqual([]);
  await page
    .getByRole('button', { name: /^Show Hall 5.* again$/ })
    .first()
    .click();
  await expect(page.getByText(/^Hall 5.* is shown again$/)).toBeVisible();
  await expect.poll(async () => (await found()).some((n) => n.startsWith('Hall 5'))).toBe(true);

  // Put back as it was.
  const put = await page.request.put('/api/admin/content/contact/en', {
    data: { phone: '', email: '', address: '', hours: '' },
    headers: { origin: baseURL! },
  });
  expect(put.ok()).toBe(true);
});
