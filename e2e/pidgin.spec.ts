import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { startPushEndpoint, TestSubscriber } from '../apps/server/test/push-endpoint';
import {
  ADMIN,
  RIDER,
  VENDOR,
  apiOk,
  cartBadge,
  cartLine,
  customerWithCart,
  hydrated,
  openProduct,
  payCart,
  productPath,
  searchBox,
  signIn,
  signUpCustomer,
} from './tests/helpers';

/**
 * Jara in Pidgin (issue 27), on a phone: the whole order journey (home → search → product → cart →
 * login → address → the sandbox's payment page → My Orders) and the rider's job, with the
 * `jara_lang=pcm` cookie set before the first visit. On every screen no visible text equals an
 * English message of the catalogues (web, shared and server) that Pidgin says otherwise; the
 * controls are found by their Pidgin names, read from the catalogues by id; the console never
 * reports a hydration mismatch; the Pidgin account's email and push for its order are in Pidgin;
 * the switch in the menu turns the app back to English.
 *
 * The email is read from the outbox the admin portal shows; the push from a push service run here
 * (the server's own test endpoint, which checks the VAPID signature and decrypts the message:
 * the e2e server accepts 127.0.0.1 as a push service, playwright.config.ts), since a pushed
 * message's words are the server's and e2e/push.spec.ts delivers one it wrote itself.
 */

/**
 * Words both languages share, never counted as English left behind. A text that is also a Pidgin
 * message (or a piece of one) counts as Pidgin already (englishMessage below); this list is for a
 * word the catalogues happen to translate wherever they use it. Names, brands, numbers and
 * amounts are in no catalogue, so they never match and need no place here.
 */
const SHARED_WORDS = new Set(['Total', 'Email']);

// ---------------------------------------------------------------------------------------------
// The catalogues: every locales/{en,pcm}.json of the repository.

const REPO = fileURLToPath(new URL('..', import.meta.url));
const NOT_SOURCE = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-results', 'playwright-report']);

function localesFolders(dir: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || NOT_SOURCE.has(entry.name)) continue;
    const folder = path.join(dir, entry.name);
    if (entry.name === 'locales') found.push(folder);
    else localesFolders(folder, found);
  }
  return found;
}

type Catalogue = Record<string, string>;
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Catalogue;

const catalogues = localesFolders(REPO).map((folder) => ({
  folder: path.relative(REPO, folder),
  en: read(path.join(folder, 'en.json')),
  pcm: read(path.join(folder, 'pcm.json')),
}));

/** Every Pidgin message by id. The web's `orders.*` and the server's can share an id: a clash is refused when asked. */
const PCM = new Map<string, string>();
const clashing = new Set<string>();
for (const { pcm } of catalogues)
  for (const [id, text] of Object.entries(pcm)) {
    if (PCM.has(id) && PCM.get(id) !== text) clashing.add(id);
    PCM.set(id, text);
  }

/** A Pidgin message by id, its simple placeholders filled: what a control is called in Pidgin. */
function pcm(id: string, values: Record<string, string> = {}): string {
  const text = PCM.get(id);
  if (text === undefined) throw new Error(`no Pidgin message ${id}`);
  if (clashing.has(id)) throw new Error(`two catalogues say ${id} differently`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

// ---------------------------------------------------------------------------------------------
// ICU messages as patterns. A message is cut at its tags (`<accent>User</accent> Login` is two
// text nodes on the page: "User" and "Login"); each piece becomes a regular expression: a
// placeholder matches any text, a plural or select any of its branches (`#` a number), an
// apostrophe quotes as in ICU. So a message with placeholders is matched, not skipped; a piece
// with fewer than two letters of its own ("{time}", " · "), or three beside a placeholder
// ("To {place}"), would match nearly anything and is left out.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The pattern of an ICU message from `at` to the closing brace at its depth (or the end), and how
 * many letters of its own any text it matches has.
 */
function icuPattern(src: string, at = 0, inPlural = false): { pattern: string; letters: number; end: number } {
  let pattern = '';
  let letters = 0;
  let i = at;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '}') break;
    if (c === "'" && src[i + 1] === "'") {
      pattern += "'";
      i += 2;
    } else if (c === "'" && /[{}#|]/.test(src[i + 1] ?? '')) {
      const close = src.indexOf("'", i + 1);
      const quoted = src.slice(i + 1, close < 0 ? src.length : close);
      pattern += escape(quoted);
      i = close < 0 ? src.length : close + 1;
    } else if (c === '#' && inPlural) {
      pattern += '[\\d,.]+';
      i += 1;
    } else if (c === '<') {
      // A tag's marks inside a plural or select: the tag vanishes, its text stays.
      const close = src.indexOf('>', i);
      i = close < 0 ? src.length : close + 1;
    } else if (c === '{') {
      const arg = /^\{\s*\w+\s*(?:,\s*(\w+)\s*)?/.exec(src.slice(i));
      const kind = arg?.[1];
      i += arg ? arg[0].length : 1;
      if ((kind === 'plural' || kind === 'selectordinal' || kind === 'select') && src[i] === ',') {
        i += 1;
        const branches: string[] = [];
        let fewest = Infinity;
        for (let key = /^\s*(?:offset:\s*\d+\s*)?=?[\w-]+\s*\{/.exec(src.slice(i)); key;) {
          const branch = icuPattern(src, i + key[0].length, kind !== 'select' || inPlural);
          branches.push(branch.pattern);
          fewest = Math.min(fewest, branch.letters);
          i = branch.end + 1;
          key = /^\s*=?[\w-]+\s*\{/.exec(src.slice(i));
        }
        pattern += `(?:${branches.join('|')})`;
        // The letters every branch has: an empty `other {}` brings none.
        if (branches.length) letters += fewest;
        while (i < src.length && src[i] !== '}') i += 1;
        i += 1;
      } else {
        // A simple placeholder, or a formatted one ({n, number}): any text.
        for (let depth = 1; i < src.length && depth > 0; i += 1) {
          if (src[i] === '{') depth += 1;
          else if (src[i] === '}') depth -= 1;
        }
        pattern += '.+?';
      }
    } else {
      pattern += escape(c);
      if (/\p{L}/u.test(c)) letters += 1;
      i += 1;
    }
  }
  return { pattern, letters, end: i };
}

interface Piece {
  pattern: RegExp;
  /** Its own letters: of two pieces a text matches, the one with more says it more exactly. */
  letters: number;
}

/** The pieces of a message between its top-level tags, each as an anchored pattern worth matching. */
function pieces(message: string): Piece[] {
  const found: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < message.length; i++) {
    if (message[i] === '{') depth += 1;
    else if (message[i] === '}') depth -= 1;
    else if (message[i] === '<' && depth === 0) {
      const close = message.indexOf('>', i);
      if (close < 0) break;
      found.push(message.slice(start, i));
      start = close + 1;
      i = close;
    }
  }
  found.push(message.slice(start));
  return found
    .map((piece) => piece.replace(/\s+/g, ' ').trim())
    .map((piece) => ({ ...icuPattern(piece), holes: piece.includes('{') }))
    .filter((p) => p.letters >= (p.holes ? 3 : 2))
    .map((p) => ({ pattern: new RegExp(`^${p.pattern}$`, 'u'), letters: p.letters }));
}

/**
 * The text between a message's tags and placeholders, each run as it stands: a page may set a
 * value apart from its words ("Sold by" then the vendor's link, "To pay:" then the amount in bold).
 */
function runs(message: string): Piece[] {
  const found: string[] = [];
  let depth = 0;
  let run = '';
  for (let i = 0; i < message.length; i++) {
    const c = message[i]!;
    if (c === '{' || (c === '<' && depth === 0)) {
      if (depth === 0) found.push(run);
      run = '';
      if (c === '{') depth += 1;
      else i = Math.max(i, message.indexOf('>', i));
    } else if (c === '}') depth -= 1;
    else if (depth === 0) run += c;
  }
  found.push(run);
  return found
    .map((text) => text.replace(/\s+/g, ' ').trim())
    .map((text) => ({ text, letters: [...text].filter((ch) => /\p{L}/u.test(ch)).length }))
    .filter((r) => r.letters >= 2)
    .map((r) => ({ pattern: new RegExp(`^${escape(r.text)}$`, 'u'), letters: r.letters }));
}

/** Pidgin's pieces and runs, of every message. */
const pidginPieces = catalogues.flatMap(({ pcm: messages }) =>
  Object.values(messages).flatMap((text) => [...pieces(text), ...runs(text)]),
);
/** English's pieces and runs (of three letters or more) of the messages Pidgin says otherwise, each with where it comes from. */
const englishPieces = catalogues.flatMap(({ folder, en, pcm: messages }) =>
  Object.entries(en)
    .filter(([id, text]) => messages[id] !== text)
    .flatMap(([id, text]) =>
      [...pieces(text), ...runs(text).filter((r) => r.letters >= 3)].map((piece) => ({ ...piece, id, folder })),
    ),
);

/**
 * The English message a text is, if it is one and not rather Pidgin: a text both match (a word
 * said alike, "Log in") is Pidgin, unless the English match is the more exact (`Results for “{query}”`
 * against Pidgin's `{products} for {vendor}`).
 */
function englishMessage(text: string) {
  if (SHARED_WORDS.has(text)) return undefined;
  let english: (typeof englishPieces)[number] | undefined;
  for (const piece of englishPieces)
    if ((!english || piece.letters > english.letters) && piece.pattern.test(text)) english = piece;
  if (!english) return undefined;
  const rival = english.letters;
  return pidginPieces.some((p) => p.letters >= rival && p.pattern.test(text)) ? undefined : english;
}

// ---------------------------------------------------------------------------------------------
// What a screen shows.

/**
 * Every visible text node of the page (trimmed, non-empty), the placeholders of visible fields
 * and the chosen option of visible lists. Text clipped for screen readers only is not visible.
 */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const r = e.getBoundingClientRect();
        if ((r.width <= 1 || r.height <= 1) && getComputedStyle(e).overflow !== 'visible') return true;
      }
      return false;
    };
    const seen = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !clipped(el);
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('script, style, noscript, template')) continue;
      if (el instanceof HTMLOptionElement) {
        const list = el.closest('select');
        if (el.selected && list && seen(list)) texts.push(text);
      } else if (seen(el)) texts.push(text);
    }
    document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]').forEach((field) => {
      if (field.placeholder.trim() && seen(field)) texts.push(field.placeholder.replace(/\s+/g, ' ').trim());
    });
    return texts;
  });
}

/**
 * Fails (softly: the journey goes on, so one run names every screen's leftovers) listing the
 * visible texts of the page that are an English message Pidgin says otherwise.
 */
async function noEnglish(page: Page, where: string) {
  const english = new Set<string>();
  for (const text of await visibleTexts(page)) {
    const match = englishMessage(text);
    if (match) english.add(`"${text}" (${match.id}, ${match.folder})`);
  }
  expect.soft([...english], `English left on ${where}`).toEqual([]);
}

/** Collects the page's hydration warnings and errors (React: "Hydration failed", "did not match"…). */
function watchHydration(page: Page, found: string[]) {
  // A production build says it by number: 418 (the server's HTML did not match), 419, 421-423, 425.
  const hydration = /hydrat|did not match|react\.dev\/errors\/4(18|19|2[1-3]|25)\b/i;
  page.on('console', (msg) => {
    if (hydration.test(msg.text())) found.push(`${page.url()}: ${msg.type()}: ${msg.text().slice(0, 300)}`);
  });
  page.on('pageerror', (err) => {
    if (hydration.test(err.message)) found.push(`${page.url()}: ${err.message.slice(0, 300)}`);
  });
}

/** This phone speaks Pidgin from its first visit: the cookie the language switch writes. */
async function speakPidgin(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'jara_lang', value: 'pcm', url: baseURL }]);
}

const menu = (page: Page) => page.locator('#main-menu');
async function openMenu(page: Page) {
  await page.getByRole('button', { name: pcm('layout.menu'), exact: true }).click();
  await expect(menu(page)).toBeVisible();
}

/** The mail the app sent to `to`, as the admin's outbox lists it. */
async function mailTo(admin: APIRequestContext, to: string) {
  const { messages } = (await (await admin.get('/api/admin/outbox')).json()) as {
    messages: { to: string; subject: string; text: string }[];
  };
  return messages.filter((m) => m.to === to);
}

test('the whole order journey in Pidgin, its email and push in Pidgin, then back to English', async ({
  page,
  context,
  request,
  playwright,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const base = baseURL!;
  await speakPidgin(context, base);
  const hydration: string[] = [];
  watchHydration(page, hydration);

  const product = await openProduct(page.request);
  // The customer signs up elsewhere (the API, outside this phone) and logs in here.
  const customer = await signUpCustomer(request, base, { label: 'pidgin', name: 'Ada Pidgin' });

  // Home, rendered by the server in Pidgin.
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pcm');
  await hydrated(page);
  await expect(page.getByRole('main')).toBeVisible();
  await noEnglish(page, 'home');

  // Search: the product's name typed in the search box and sent.
  await searchBox(page).fill(product.name);
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/products\?search=/);
  const result = page.getByRole('main').getByRole('link', { name: product.name, exact: true }).first();
  await expect(result).toBeVisible();
  await noEnglish(page, 'search results');

  // The product's page, and into the cart.
  await result.click();
  await expect(page).toHaveURL(new RegExp(`${productPath(product)}$`));
  const add = page.getByRole('button', { name: pcm('catalogue.detail.addToCart'), exact: true });
  await expect(add).toBeVisible();
  await noEnglish(page, 'product');
  await add.click();
  await expect(page.getByText(pcm('msg.addedToCart'))).toBeVisible();
  await expect(cartBadge(page)).toHaveText('1');

  // The cart, as a guest.
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByRole('main').getByText(product.name, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: pcm('checkout.pay.login') })).toBeVisible();
  await noEnglish(page, 'cart (guest)');

  // Log in from the menu; the phone's Pidgin goes to the account (its emails and pushes follow).
  await openMenu(page);
  await noEnglish(page, 'menu (guest)');
  await menu(page)
    .getByRole('button', { name: pcm('common.login'), exact: true })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(pcm('auth.email'), { exact: true }).fill(customer.email);
  await dialog.getByLabel(pcm('auth.password'), { exact: true }).fill(customer.password);
  await noEnglish(page, 'login');
  const accountLanguage = page.waitForResponse(
    (r) => r.url().endsWith('/api/user/language') && r.request().method() === 'PUT',
  );
  await dialog.getByRole('button', { name: pcm('auth.login'), exact: true }).click();
  await expect(dialog).toBeHidden();
  expect((await accountLanguage).ok()).toBe(true);

  // The account hears of its order by push: a subscription to a push service of this machine.
  const pushService = await startPushEndpoint();
  try {
    const subscriber = new TestSubscriber(pushService.url(`/pidgin/${customer.email}`));
    await apiOk(page.request, base, '/api/push/subscriptions', subscriber.toJSON());

    // A new address, picked from the server's suggestions.
    await page.goto('/cart');
    await hydrated(page);
    await noEnglish(page, 'cart (logged in)');
    await page.getByRole('link', { name: pcm('checkout.address.add'), exact: true }).click();
    await expect(page).toHaveURL(/\/add-address$/);
    await page.getByLabel(pcm('addresses.field.firstName'), { exact: true }).fill('Ada');
    await page.getByLabel(pcm('addresses.field.lastName'), { exact: true }).fill('Pidgin');
    await page.getByLabel(pcm('addresses.field.email'), { exact: true }).fill(customer.email);
    await page.getByLabel(pcm('addresses.field.phone'), { exact: true }).fill('0803 123 4567');
    const address = page.getByRole('combobox', { name: pcm('addresses.field.address'), exact: true });
    await address.fill('Faculty of Engin');
    const option = page.getByRole('option').first();
    await expect(option).toBeVisible();
    await noEnglish(page, 'add address (suggestions)');
    const picked = (await option.textContent())!.trim();
    await option.click();
    await expect(address).toHaveValue(picked);
    await noEnglish(page, 'add address');
    await page.getByRole('button', { name: pcm('addresses.save'), exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);

    // Pick it and place the order.
    await page
      .getByRole('radio', { name: new RegExp(picked.slice(0, 20).replace(/[()]/g, '.')) })
      .first()
      .check();
    await expect(page.getByTestId('summary-delivery')).toHaveText(/₦/);
    await noEnglish(page, 'cart (address chosen)');
    const place = page.getByRole('button', { name: pcm('checkout.pay.place'), exact: true });
    await expect(place).toBeEnabled();
    const total = (await page.getByTestId('summary-total').textContent())!.trim();
    await place.click();

    // The sandbox's payment page, in Pidgin too.
    await expect(page).toHaveURL(/\/sandbox\/checkout\/jara-o-/);
    await expect(page.getByTestId('sandbox-amount')).toHaveText(total);
    await noEnglish(page, 'sandbox payment page');
    await page.getByRole('button', { name: pcm('payments.page.pay', { amount: total }), exact: true }).click();
    await expect(page.getByText(pcm('pages.loader.paid'))).toBeVisible();

    // My Orders follows it.
    await expect(page).toHaveURL(/\/my-orders$/, { timeout: 20_000 });
    const card = page.getByTestId('order-card').first();
    await expect(card.getByTestId('order-status')).toHaveText(pcm('delivery.status.placed'));
    await expect(card).toContainText(product.name);
    await expect(card).toContainText(total);
    await noEnglish(page, 'My Orders (tracking)');

    // The email and the push for the order placed, in Pidgin.
    const admin = await playwright.request.newContext({ baseURL: base });
    await signIn(admin, base, ADMIN);
    await expect
      .poll(async () => (await mailTo(admin, customer.email)).map((m) => m.subject))
      .toContain(pcm('orders.email.placed.subject', { total }));
    const [mail] = (await mailTo(admin, customer.email)).filter((m) =>
      m.subject.startsWith(pcm('orders.email.placed.subject', { total })),
    );
    expect(mail!.text).toContain(pcm('orders.email.placed.intro'));
    await admin.dispose();
    await expect
      .poll(() => pushService.received.map((r) => JSON.parse(subscriber.decrypt(r.body)) as { title: string }))
      .toEqual([
        expect.objectContaining({
          title: pcm('push.order.paid.title'),
          body: pcm('push.order.paid.body', { amount: total }),
        }),
      ]);
  } finally {
    await pushService.close();
  }

  // Back to English with the switch in the menu: the page speaks English at once, and after a reload.
  await openMenu(page);
  await noEnglish(page, 'menu (logged in)');
  await menu(page).getByRole('button', { name: 'English', exact: true }).click();
  const status = page.getByTestId('order-card').first().getByTestId('order-status');
  await expect(status).toHaveText('Order Placed');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(status).toHaveText('Order Placed');

  expect(hydration, 'hydration warnings').toEqual([]);
});

test('the rider’s job in Pidgin: the board and the active job', async ({
  page,
  context,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const vendor = await playwright.request.newContext({ baseURL: base });
  await signIn(vendor, base, VENDOR);
  const products = (await (await vendor.get('/api/seller/products')).json()).products as {
    _id: string;
    inStock: boolean;
    options: { _id: string }[];
  }[];
  await apiOk(vendor, base, '/api/seller/open', { isOpen: true });

  // A customer (in English: the customer is not the point here) pays; the vendor confirms through the API.
  const shopper = await browser.newContext({ baseURL: base, viewport: { width: 412, height: 915 } });
  const customerPage = await shopper.newPage();
  await customerWithCart(customerPage.request, base, cartLine(products.find((p) => p.inStock)!), {
    label: 'pidgin-ride',
  });
  const { orderId } = await payCart(customerPage);
  await apiOk(vendor, base, `/api/seller/orders/${orderId}/confirm`, {});

  await speakPidgin(context, base);
  const hydration: string[] = [];
  watchHydration(page, hydration);
  try {
    await signIn(page.request, base, RIDER);
    await page.goto('/rider');
    await hydrated(page);
    const job = page.locator(`[data-job-id="${orderId}"]`);
    await expect(job).toBeVisible({ timeout: 35_000 });
    await noEnglish(page, 'rider job board');
    await job.getByRole('button', { name: pcm('rider.board.accept'), exact: true }).click();
    await expect(page).toHaveURL(/\/rider\/active$/);

    const active = page.locator(`[data-testid="active-job"][data-job-id="${orderId}"]`);
    await expect(active.getByRole('button', { name: pcm('rider.active.pickedUp'), exact: true })).toBeVisible();
    await noEnglish(page, 'rider active job');
    await active.getByRole('button', { name: pcm('rider.active.pickedUp'), exact: true }).click();
    const code = active.getByLabel(pcm('rider.code.label'), { exact: true });
    await expect(code).toBeVisible();
    await noEnglish(page, 'rider active job (picked up)');

    const { orders } = (await (await customerPage.request.get('/api/order/user')).json()) as {
      orders: { _id: string; deliveryCode: string | null }[];
    };
    await code.fill(orders.find((o) => o._id === orderId)!.deliveryCode!);
    await active.getByRole('button', { name: pcm('rider.code.submit'), exact: true }).click();
    await expect(page.getByText(pcm('rider.active.empty'))).toBeVisible();
    await noEnglish(page, 'rider active job (delivered)');
    expect(hydration, 'hydration warnings').toEqual([]);
  } finally {
    await page.close();
    // The demo rider's account took this phone's Pidgin: give it back its English for the journeys after.
    const rider = await playwright.request.newContext({ baseURL: base });
    await signIn(rider, base, RIDER);
    expect((await rider.put('/api/user/language', { data: { language: 'en' }, headers: { Origin: base } })).ok()).toBe(
      true,
    );
    await rider.dispose();
  }
  await shopper.close();
  await vendor.dispose();
});
