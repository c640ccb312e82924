import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Language } from '@jara/shared';

/** The contract of apps/web/src/entry-server.tsx (built to apps/web/dist-ssr/entry-server.js). */
interface EntryServer {
  render(input: {
    url: string;
    origin: string;
    fetchApi: (path: string) => Promise<Response>;
    language: Language;
  }): Promise<
    | { kind: 'page'; status: number; head: string; html: string; state: string; errors: unknown[] }
    | { kind: 'shell'; modules?: readonly string[]; reads?: readonly string[] }
    | { kind: 'redirect'; status: number; location: string }
  >;
}

/** What the client build's `.vite/manifest.json` says of one chunk (Vite's backend integration). */
interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
}
type BuildManifest = Record<string, ManifestChunk>;

export type PageAnswer =
  | { kind: 'page'; status: number; html: string }
  | { kind: 'shell' }
  | { kind: 'redirect'; status: number; location: string };

/**
 * Server rendering of the web app's customer pages (decision 0015). Loaded when the web build has
 * a server entry; the HTML template is the client build's index.html. The server entry is loaded
 * once (its lazy chunks import it by its plain path, so it cannot be reloaded under another URL):
 * after rebuilding the web app, restart the server, as `npm start` does.
 */
/**
 * Until the browser has hydrated the page, a tap on a control would be lost (no handler yet):
 * the rendered page reads and scrolls but takes no pointer input until main.tsx removes
 * `data-hydrating`. Without JavaScript the <noscript> rule lets links work as plain links.
 */
const UNTIL_HYDRATED =
  '<style>#root[data-hydrating]{pointer-events:none}</style>' +
  '<noscript><style>#root[data-hydrating]{pointer-events:auto}</style></noscript>';

/** Where the build's scripts begin in the template (scriptsAfterContent marks it). */
const SCRIPTS_START = '<!--scripts-->';

/**
 * A rendered page is readable before its JavaScript runs, so the scripts (the entry and its
 * module preloads) are fetched at low priority: on a slow link the HTML's largest picture, asked
 * for at high priority, comes first, instead of sharing the first seconds with ~130 KB of
 * JavaScript. The marker before the first of them is where the page's head goes.
 */
function scriptsAfterContent(template: string): string {
  const lowered = template.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
  const first = lowered.search(/<(script type="module"|link rel="modulepreload")/);
  return first < 0
    ? lowered.replace('</head>', `${SCRIPTS_START}</head>`)
    : `${lowered.slice(0, first)}${SCRIPTS_START}${lowered.slice(first)}`;
}

/**
 * The plain shell preloads the app's chunks (between `<!--app-->` and `<!--/app-->`, web
 * vite.config.ts). A rendered page is readable without them, and its script (main.tsx) asks for
 * them once the page has painted, its largest picture included, so that on a slow link they never
 * share the bandwidth with it (decision 0028).
 */
function withoutAppPreloads(template: string): string {
  return template.replace(/<!--app-->[\s\S]*?<!--\/app-->/, '');
}

/** The page's `<html lang>`: the language it is written in (the browser starts in it). */
export function withLanguage(html: string, language: Language): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
}

/**
 * The chunks of `modules` and everything they import, as the build's manifest lists them, less
 * what `page` already loads: module preloads for the scripts, style preloads for their stylesheets
 * (the chunk applies them when it runs). A module is named by its source path, or a chunk grouped
 * from several by its name (the root catalogues, web vite.config.ts).
 */
function moduleLinks(manifest: BuildManifest, modules: readonly string[], page: string): string {
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key] ?? Object.values(manifest).find((c) => c.name === key);
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  const fresh = (file: string) => !page.includes(`/${file}"`);
  return [
    ...[...files]
      .filter(fresh)
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
    ...[...styles]
      .filter(fresh)
      .map((file) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${file}">`),
  ].join('');
}

export class PageRenderer {
  private loaded: { template: string; shell: string; manifest: BuildManifest; entry: EntryServer } | null = null;
  private readonly templatePath: string;
  private readonly entryPath: string;

  private constructor(
    webDist: string,
    private readonly origin: string,
    private readonly app: Pick<FastifyInstance, 'inject'>,
  ) {
    this.templatePath = path.join(webDist, 'index.html');
    this.entryPath = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  }

  /** A renderer when the web build includes its server entry, else null (the plain shell is served). */
  static create(webDist: string, origin: string, app: Pick<FastifyInstance, 'inject'>): PageRenderer | null {
    const r = new PageRenderer(webDist, origin, app);
    return existsSync(r.templatePath) && existsSync(r.entryPath) ? r : null;
  }

  private async current() {
    if (!this.loaded) {
      const shell = readFileSync(this.templatePath, 'utf8');
      const template = scriptsAfterContent(withoutAppPreloads(this.inlineStyles(shell)));
      const manifestPath = path.join(path.dirname(this.templatePath), '.vite', 'manifest.json');
      const manifest = existsSync(manifestPath)
        ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest)
        : {};
      const entry = (await import(pathToFileURL(this.entryPath).href)) as EntryServer;
      this.loaded = { template, shell, manifest, entry };
    }
    return this.loaded;
  }

  /**
   * The stylesheet goes inside the page (about 10 KB compressed): on a slow link the first paint
   * then waits for the HTML alone, not for a second round trip. Pages not rendered here (the
   * plain shell) keep the cached file.
   */
  private inlineStyles(template: string): string {
    return template.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (tag, href: string) => {
      const file = path.join(path.dirname(this.templatePath), href);
      if (!existsSync(file)) return tag;
      return `<style>${readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
    });
  }

  /**
   * Reads for the page go through the API's own routes in-process (`inject`), so the page shows
   * exactly what the API answers (cached catalogue, access rules) and never talks to the database
   * itself. Only public GETs, without the visitor's cookies: the rendered page is the same for all.
   */
  private readonly fetchApi = async (apiPath: string): Promise<Response> => {
    if (!apiPath.startsWith('/api/')) throw new Error(`server render may only read the API (${apiPath})`);
    const res = await this.app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
    return new Response(res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };

  /** `signedIn`: the request carries a session cookie (whose it is is never looked at here). */
  async render(
    url: string,
    language: Language,
    log: { error: (obj: object, msg: string) => void },
    signedIn = false,
  ): Promise<PageAnswer> {
    const { template, shell, manifest, entry } = await this.current();
    const out = await entry.render({ url, origin: this.origin, fetchApi: this.fetchApi, language });
    if (out.kind === 'shell' && out.modules?.length && signedIn) {
      // The plain shell, asking for the screen's chunks and first public reads with the app's (the
      // browser draws the page). A guest is asked to sign in there, so gets the plain shell. The
      // reads go as the API client sends them (with credentials).
      const links =
        moduleLinks(manifest, out.modules, shell) +
        (out.reads ?? [])
          .map(
            (read) =>
              `<link rel="preload" as="fetch" fetchpriority="low" crossorigin="use-credentials" href="${read}">`,
          )
          .join('');
      return {
        kind: 'page',
        status: 200,
        html: withLanguage(shell, language).replace('</head>', () => `${links}</head>`),
      };
    }
    if (out.kind !== 'page') return out;
    // A part that failed on the server is rendered by the browser instead; say so in the log.
    for (const err of out.errors) log.error({ err }, 'server render: a part of the page failed');
    const html = withLanguage(template, language)
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      // The page's own head (title, description, the preload of its largest picture) before the
      // scripts, so the picture is asked for first.
      // Replaced by functions: a `$&` or `$'` in a vendor's text is text, not a replacement pattern.
      .replace(SCRIPTS_START, () => out.head)
      .replace('</head>', `${UNTIL_HYDRATED}</head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root" data-hydrating="">${out.html}</div><script type="application/json" id="jara-state">${out.state}</script>`,
      );
    return { kind: 'page', status: out.status, html };
  }
}
