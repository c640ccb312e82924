import { test, expect } from '@playwright/test';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ADMIN, signIn } from './tests/helpers';

/**
 * Exports (issue 33): an export of 10,000 orders streams as a valid CSV whose totals match. The
 * orders are written before the server starts (apps/server/src/cli/seed-orders.ts, into a data
 * folder of this journey's own: the shared e2e server's embedded database is in a folder no one
 * else can open), then that server is started as a user would start it, on its own port, serving
 * the build the first server made. The admin downloads March 2025's orders through /admin/exports
 * and the file is parsed back, strictly, record by record.
 */

const REPO = fileURLToPath(new URL('..', import.meta.url));
const PORT = 3102;
const BASE = `http://localhost:${PORT}`;
const ORDERS = 10_000;

/** What the seed writes for order i (seed/paid-orders.ts with the CLI's prices), worked out here again. */
function expectedSums() {
  let itemsKobo = 0;
  let paidKobo = 0;
  for (let i = 0; i < ORDERS; i++) {
    const items = (100_000 + (i % 101) * 50) * (1 + (i % 3));
    itemsKobo += items;
    paidKobo += items + 75_000 + 5_000;
  }
  return { itemsKobo, paidKobo };
}

/** RFC 4180, strictly: quoted fields with doubled quotes, CRLF record ends; throws on anything else. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      const close = () => {
        for (i++; ;) {
          if (i >= text.length) throw new Error('unterminated quoted field');
          if (text[i] === '"' && text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else if (text[i] === '"') return void i++;
          else field += text[i++];
        }
      };
      close();
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`bare quote at ${i}`);
        field += text[i++];
      }
    }
    row.push(field);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else if (i < text.length) throw new Error(`expected , or CRLF at ${i}`);
  }
  if (row.length) throw new Error('the last record has no CRLF');
  return rows;
}

/** Naira with two decimals back to kobo, exactly; NaN for anything else. */
const toKobo = (naira: string) => {
  if (!/^\d+\.\d\d$/.test(naira)) return NaN;
  const [whole, kobo] = naira.split('.');
  return Number(whole) * 100 + Number(kobo);
};

let dataDir = '';
let server: ChildProcess | undefined;
let seeded: { orders: number; itemsKobo: number; paidKobo: number };

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'jara-e2e-exports-'));
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn' };
  const { stdout } = await promisify(execFile)(
    'npx',
    ['tsx', 'src/cli/seed-orders.ts', String(ORDERS), '2025-03-01', '4'],
    { cwd: path.join(REPO, 'apps/server'), env },
  );
  seeded = JSON.parse(stdout.trim().split('\n').pop()!);
  // Its own process group, so the server (under npm) is stopped with everything it started.
  server = spawn('npm', ['run', 'start', '-w', 'apps/server'], {
    cwd: REPO,
    env: { ...env, DELIVERY_HOURS: '00:00-24:00', TRUST_PROXY: 'true' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 240 || server.exitCode !== null) throw new Error('the exports server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server?.pid) {
    // The whole group (npm, tsx, the server), gracefully; what is still there after 10 s, for good.
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    for (let waited = 0; waited < 10_000; waited += 250) {
      const up = await fetch(`${BASE}/api/health`).then(
        () => true,
        () => false,
      );
      if (!up) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // all stopped
    }
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('the admin downloads 10,000 orders as one valid CSV whose totals match', async ({ browser }) => {
  const expected = expectedSums();
  expect(seeded).toEqual({ orders: ORDERS, ...expected });

  const context = await browser.newContext({ baseURL: BASE, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page.request, BASE, ADMIN);
  await page.goto('/admin/exports');
  await expect(page.getByRole('heading', { level: 2, name: 'Exports for the accountant' })).toBeVisible();
  await page.getByLabel('From').fill('2025-03-01');
  await page.getByLabel('To').fill('2025-03-31');
  const link = page.getByRole('link', { name: 'Download Orders as CSV' });
  await expect(link).toHaveAttribute('href', '/api/admin/exports/orders?from=2025-03-01&to=2025-03-31');

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('jara-orders-2025-03-01-to-2025-03-31.csv');
  const file = await download.path();
  const text = readFileSync(file, 'utf8');

  // One assertion per check, not per row: each expect is a step of the trace.
  const [header, ...rows] = parseCsv(text);
  expect(rows).toHaveLength(ORDERS);
  expect(rows.filter((row) => row.length !== header!.length)).toEqual([]);
  const col = (name: string) => {
    const at = header!.indexOf(name);
    expect(at, name).toBeGreaterThanOrEqual(0);
    return at;
  };
  const id = col('Order ID');
  const paid = col('Total paid (NGN)');
  const items = col('Items (NGN)');
  expect(new Set(rows.map((r) => r[id])).size).toBe(ORDERS);
  expect(rows.reduce((s, r) => s + toKobo(r[paid]!), 0)).toBe(expected.paidKobo);
  expect(rows.reduce((s, r) => s + toKobo(r[items]!), 0)).toBe(expected.itemsKobo);
  // In time order, the first at midnight in Lagos on 1 March.
  expect(rows[0]![col('Paid (Lagos)')]).toBe('2025-03-01 00:00:00');
  await context.close();
});
