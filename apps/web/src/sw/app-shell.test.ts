import { describe, expect, it } from 'vitest';
import { shellHeaders, shellOf } from './app-shell';

// A server-rendered page as infra/web/ssr.ts writes it (template, head, rendered page, state).
const rendered = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><style>body{color:red}</style>',
  '<title>Ring light · Jara</title>',
  '<link rel="preload" as="image" href="/media/x.webp?w=800" imagesrcset="/media/x.webp?w=400 400w" imagesizes="100vw" fetchpriority="high">',
  '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js"></script>',
  '<style>#root[data-hydrating]{pointer-events:none}</style></head>',
  '<body><div id="root" data-hydrating=""><div class="flex"><main><div id="x">Ring light</div></main></div></div>',
  '<script type="application/json" id="jara-state">{"queries":{"q":"\\u003c/script>"}}</script>',
  '</body></html>',
].join('');

describe('the app shell made from a kept page', () => {
  it('takes the rendered page and its state out, keeps the styles and scripts', () => {
    const shell = shellOf(rendered)!;
    expect(shell).toContain('<body><div id="root"></div></body>');
    expect(shell).not.toContain('Ring light</div>');
    expect(shell).not.toContain('jara-state');
    expect(shell).not.toContain('rel="preload" as="image"');
    expect(shell).toContain('<style>body{color:red}</style>');
    expect(shell).toContain('src="/assets/index-abc.js"');
  });

  it('keeps the plain shell as it is, and refuses anything else', () => {
    const plain =
      '<html><head><link rel="stylesheet" href="/assets/a.css"></head><body><div id="root"></div></body></html>';
    expect(shellOf(plain)).toBe(plain);
    expect(shellOf('<html><body>You are offline</body></html>')).toBeNull();
  });

  it("keeps the page's security headers, not those of its original bytes", () => {
    const headers = shellHeaders(
      new Headers({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'self'",
        'content-encoding': 'br',
        'content-length': '1234',
        etag: '"abc"',
      }),
    );
    expect(headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    for (const gone of ['content-encoding', 'content-length', 'etag']) expect(headers.has(gone), gone).toBe(false);
  });
});
