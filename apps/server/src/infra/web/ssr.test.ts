import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { buildTestApp, json, type TestApp } from '../../../test/helpers.js';
import type { ErrorAnswer } from '@jara/shared';
import { PageRenderer } from './ssr.js';
import { SESSION_COOKIE } from '../sessions.js';

/**
 * The server's side of server rendering: a web build with a server entry gets its pages rendered
 * into the client build's template, the entry reads through the API's own routes, and non-page
 * paths keep their answers. The entry here is a small module keeping the contract of
 * apps/web/src/entry-server.tsx (the real one is exercised by e2e/paint.spec.ts).
 */
let app: TestApp;
beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'jara-ssr-'));
  const dist = path.join(root, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><meta name="description" content="shell"><title>Shell</title>' +
      '<script type="module" crossorigin src="/assets/entry-0.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc.css'), 'body{color:red}');
  // What the build writes beside each text file (web vite.config.ts, `precompressed`).
  writeFileSync(path.join(dist, 'assets', 'index-abc.css.br'), brotliCompressSync('body{color:red}'));
  // The client build's manifest: a screen importing a shared chunk (which imports it back) and the
  // entry the shell already loads; the root catalogues' chunk, known by its name.
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/entry-0.js', isEntry: true },
      'src/screen.ts': {
        file: 'assets/screen-1.js',
        imports: ['_shared-2.js', 'index.html'],
        css: ['assets/screen-3.css'],
      },
      '_shared-2.js': { file: 'assets/shared-2.js', imports: ['src/screen.ts'] },
      '_messages-en-4.js': { file: 'assets/messages-en-4.js', name: 'messages-en' },
    }),
  );
  writeFileSync(
    path.join(root, 'dist-ssr', 'entry-server.js'),
    `export async function render({ url, fetchApi }) {
      if (url.startsWith('/my-orders')) return { kind: 'shell' };
      if (url.startsWith('/dispatch'))
        return { kind: 'shell', modules: ['src/screen.ts', 'messages-en', 'src/missing.ts'], reads: ['/api/map'] };
      if (url.startsWith('/dollars')) return { kind: 'page', status: 200, errors: [], state: '{}',
        head: '<title>Suya $& more</title>', html: "<p>Price $' and $$ and $1</p>" };
      if (url.startsWith('/old')) return { kind: 'redirect', status: 301, location: '/products' };
      const res = await fetchApi('/api/category/list');
      const body = await res.json();
      const status = url.startsWith('/missing') ? 404 : 200;
      return { kind: 'page', status, errors: [], head: '<title>Rendered</title>',
        html: '<h1>' + body.categories.length + ' categories</h1>', state: JSON.stringify({ n: body.categories.length }) };
    }`,
  );
  app = await buildTestApp({ WEB_DIST: dist });
});
afterAll(() => app.closeAll());

describe('server-rendered pages', () => {
  it('renders a page into the template, reading through the API, with the stylesheet inlined', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toMatch(
      /<div id="root" data-hydrating=""><h1>\d+ categories<\/h1><\/div><script type="application\/json" id="jara-state">\{"n":\d+\}<\/script>/,
    );
    expect(res.body).toContain('<title>Rendered</title>');
    expect(res.body).not.toContain('<title>Shell</title>');
    expect(res.body).not.toContain('content="shell"');
    expect(res.body).toContain('<style>body{color:red}</style>');
    expect(res.body).not.toContain('index-abc.css');
    const deep = await app.inject({ url: '/products/phone-accessories' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('categories</h1>');
  });

  it("passes the page's status and redirects, and serves the shell for pages it does not render", async () => {
    expect((await app.inject({ url: '/missing-page' })).statusCode).toBe(404);
    const moved = await app.inject({ url: '/old-place' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/products');
    const shell = await app.inject({ url: '/my-orders' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<title>Shell</title>');
    expect(shell.body).toContain('<div id="root"></div>');
  });

  it("sends a signed-in visitor the shell asking for the screen's chunks and reads; a guest the plain shell", async () => {
    const res = await app.inject({ url: '/dispatch', cookies: { [SESSION_COOKIE]: 'any', jara_lang: 'pcm' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(
      '<!doctype html><html lang="pcm"><head><meta name="description" content="shell"><title>Shell</title>' +
        '<script type="module" crossorigin src="/assets/entry-0.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">' +
        // Each chunk once, what the shell loads already left out, a name the manifest lacks skipped.
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/screen-1.js">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shared-2.js">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/messages-en-4.js">' +
        '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/screen-3.css">' +
        '<link rel="preload" as="fetch" fetchpriority="low" crossorigin="use-credentials" href="/api/map">' +
        '</head><body><div id="root"></div></body></html>',
    );
    const guest = await app.inject({ url: '/dispatch' });
    expect(guest.statusCode).toBe(200);
    expect(guest.body).toContain('<div id="root"></div>');
    expect(guest.body).not.toContain('modulepreload');
  });

  it('keeps /api and /media answers as JSON 404s and files as files', async () => {
    for (const url of ['/api/unknown', '/api%2Funknown', '/media/none.webp', '/assets/gone-123.js']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(json<ErrorAnswer>(res).code, url).toBe('not_found');
    }
    expect((await app.inject({ url: '/assets/index-abc.css' })).body).toBe('body{color:red}');
  });

  it("sends a file's compressed copy from the build to a browser that takes it, the file to one that does not", async () => {
    const br = await app.inject({ url: '/assets/index-abc.css', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('body{color:red}');
    const plain = await app.inject({ url: '/assets/index-abc.css', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('body{color:red}');
  });
});

/** What the page's root takes until the browser has hydrated it. */
const UNTIL_HYDRATED =
  '<style>#root[data-hydrating]{pointer-events:none}</style>' +
  '<noscript><style>#root[data-hydrating]{pointer-events:auto}</style></noscript>';

/** A page rendered into the client build's `template` by an entry whose page's head is `<title>Page</title>`. */
async function renderedInto(template: string): Promise<string> {
  const root = mkdtempSync(path.join(tmpdir(), 'jara-template-'));
  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  mkdirSync(path.join(root, 'dist-ssr'));
  writeFileSync(path.join(dist, 'index.html'), template);
  writeFileSync(
    path.join(root, 'dist-ssr', 'entry-server.js'),
    `export async function render() {
      return { kind: 'page', status: 200, errors: [], state: '{}', head: '<title>Page</title>', html: '' };
    }`,
  );
  const page = await PageRenderer.create(dist, 'http://localhost', app)!.render('/', 'en', { error: () => undefined });
  return page.kind === 'page' ? page.html : page.kind;
}

describe('the template', () => {
  it("keeps a page's text as written, dollar signs included", async () => {
    const res = await app.inject({ url: '/dollars' });
    expect(res.body).toContain('<title>Suya $& more</title>');
    expect(res.body).toContain("<p>Price $' and $$ and $1</p>");
  });

  it("fetches the build's scripts at low priority and puts the page's head before them", async () => {
    const template =
      '<html><head><title>Shell</title><script type="module" crossorigin src="/assets/index-a.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/app-b.js"></head><body></body></html>';
    expect(await renderedInto(template)).toBe(
      '<html><head><title>Page</title><script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js"></script>' +
        `<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/app-b.js">${UNTIL_HYDRATED}</head><body></body></html>`,
    );
    // Without scripts the page's head goes at the end of the template's.
    expect(await renderedInto('<head><title>x</title></head>')).toBe(
      `<head><title>Page</title>${UNTIL_HYDRATED}</head>`,
    );
  });

  it("leaves out the preloads of the app's chunks, which the page's script asks for after painting", async () => {
    const template =
      '<head><script type="module" src="/assets/index-a.js"></script><link rel="modulepreload" href="/assets/rt.js">' +
      '<!--app--><link rel="modulepreload" href="/assets/start-b.js"><link rel="modulepreload" href="/assets/react-c.js">' +
      '<!--/app--></head><body><!--app-->kept: only the first block<!--/app--></body>';
    expect(await renderedInto(template)).toBe(
      '<head><title>Page</title><script type="module" fetchpriority="low" src="/assets/index-a.js"></script>' +
        `<link rel="modulepreload" fetchpriority="low" href="/assets/rt.js">${UNTIL_HYDRATED}` +
        '</head><body><!--app-->kept: only the first block<!--/app--></body>',
    );
    expect(await renderedInto('<head></head>')).toBe(`<head><title>Page</title>${UNTIL_HYDRATED}</head>`);
  });
});
