/**
 * The app shell the worker answers offline for a page this phone showed but never loaded as a
 * document (most pages are reached by a tap): any kept page with its content taken out. The app
 * then starts as on the plain shell (start.tsx renders instead of hydrating) and draws the page
 * from the cached scripts and answers. A server-rendered page is preferred to the plain shell
 * because its stylesheet is inside it (infra/web/ssr.ts), where the shell links a file.
 */

/** The rendered page and the state it came with (ssr.ts writes them one after the other). */
const RENDERED =
  /<div id="root"[^>]*>[\s\S]*<\/div><script type="application\/json" id="jara-state">[\s\S]*?<\/script>/;

/** The preload of the rendered page's largest picture: another page's, not wanted offline. */
const PICTURE_PRELOAD = /<link rel="preload" as="image"[^>]*>/g;

const EMPTY_ROOT = '<div id="root"></div>';

/** The shell of a kept page's HTML, or null when it is neither a rendered page nor the plain shell. */
export function shellOf(html: string): string | null {
  if (RENDERED.test(html)) return html.replace(RENDERED, () => EMPTY_ROOT).replace(PICTURE_PRELOAD, '');
  return html.includes(EMPTY_ROOT) ? html : null;
}

/**
 * Headers for the shell made from a kept page's answer: its own (security headers included), less
 * those that described the original bytes.
 */
export function shellHeaders(original: Headers): Headers {
  const headers = new Headers(original);
  for (const name of ['content-length', 'content-encoding', 'etag', 'last-modified']) headers.delete(name);
  headers.set('content-type', 'text/html; charset=utf-8');
  return headers;
}
