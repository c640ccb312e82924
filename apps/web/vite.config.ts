import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { lingui } from '@lingui/vite-plugin';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { createHash } from 'node:crypto';

const API = process.env.JARA_API_URL ?? 'http://localhost:3000';
const proxy = {
  // The API checks Origin on state-changing calls; through this proxy the API's own origin is right.
  '/api': { target: API, changeOrigin: true, headers: { origin: API } },
  '/media': { target: API, changeOrigin: true },
  '/socket.io': { target: API, changeOrigin: true, ws: true },
};

/**
 * packages/shared builds its zod schemas at module level (for the server). The storefront uses
 * only the shared pure helpers, so in a build every top-level `const X = <call>` of a shared file
 * that imports zod is wrapped in a pure-annotated IIFE and dropped when X is unused — about
 * 25 KB gzip of zod off the first load. Parsed with the TypeScript compiler, not regexes.
 */
function pureSharedSchemas(): Plugin {
  return {
    name: 'jara:pure-shared-schemas',
    apply: 'build',
    transform(code, id) {
      if (!/packages[\\/]shared[\\/]src[\\/].*\.ts$/.test(id) || !/from ['"]zod['"]/.test(code)) return null;
      const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const edits: { at: number; text: string }[] = [];
      for (const stmt of file.statements) {
        if (!ts.isVariableStatement(stmt)) continue;
        for (const decl of stmt.declarationList.declarations) {
          const init = decl.initializer;
          if (!init || ts.isArrowFunction(init) || ts.isFunctionExpression(init) || ts.isLiteralExpression(init))
            continue;
          edits.push({ at: init.getStart(file), text: '/* @__PURE__ */ (() => (' });
          edits.push({ at: init.getEnd(), text: '))()' });
        }
      }
      if (!edits.length) return null;
      let out = code;
      for (const e of edits.sort((a, b) => b.at - a.at)) out = out.slice(0, e.at) + e.text + out.slice(e.at);
      return { code: out, map: null };
    },
  };
}

/**
 * main.tsx loads the app with `import()` (React's DOM renderer, then start.tsx). For the plain
 * shell, which shows nothing until the app runs, their chunks are preloaded by the page like an
 * entry's own, so loading adds no round trip: start.tsx is an entry of its own (its code is the
 * `app` group, as the entry's was) and this adds a modulepreload for it and every chunk it
 * imports, between `<!--app-->` and `<!--/app-->`. Server-rendered pages leave them out
 * (infra/web/ssr.ts): there the app is fetched after the page has painted (decision 0028).
 */
function preloadStart(): Plugin {
  return {
    name: 'jara:preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const start = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.replace(/\\/g, '/').endsWith('/src/start.tsx'),
        );
        if (!start || start.type !== 'chunk') throw new Error('preloadStart: no start.tsx entry in the build');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(start.fileName);
        const links = [...files]
          .filter((f) => !html.includes(`/${f}"`))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
          .join('');
        return html.replace('</head>', `<!--app-->${links}<!--/app--></head>`);
      },
    },
  };
}

/**
 * The page's entry (index.html's own module, main.tsx, its stylesheet, and what Vite adds to it),
 * kept out of the chunk groups: captured into `app`, it would make the entry import that chunk,
 * and the whole app would be fetched and run with the page's first script.
 */
const STARTER =
  /vite[\\/](preload-helper|modulepreload-polyfill)|[\\/]apps[\\/]web[\\/](index\.html|src[\\/](main\.tsx|index\.css))/;

/** The catalogues of ROOT_AREAS (src/i18n/catalogues.ts): common, layout and shared; the language is captured. */
const ROOT_MESSAGES =
  /[\\/](?:apps[\\/]web[\\/]src[\\/](?:i18n|features[\\/]layout)|packages[\\/]shared[\\/]src)[\\/]locales[\\/](\w+)\.json/;

/** What the worker precaches: the offline page (its icon is inside it; decision 0025). */
const SHELL = new Set(['offline.html']);

/**
 * The precache holds the offline page only: scripts, pictures and pages are cached as they are
 * used (the worker's runtime routes), and what the first page loaded before the worker existed
 * is handed to it from the HTTP cache (lib/pwa.ts), so a first visit downloads nothing twice and
 * no screen it never opens. The offline page's revision is the whole build's, so every deployment
 * changes sw.js and reaches users through the "new version" prompt (decision 0017).
 */
function shellOnly<E extends { url: string; revision: string | null }>(entries: E[]) {
  const build = createHash('sha256');
  for (const e of [...entries].sort((a, b) => a.url.localeCompare(b.url))) build.update(`${e.url} ${e.revision}\n`);
  const version = build.digest('hex').slice(0, 16);
  const manifest = entries
    .filter((e) => SHELL.has(e.url))
    .map((e) => (e.url === 'offline.html' ? { ...e, revision: `${e.revision}-${version}` } : e));
  return { manifest, warnings: [] as string[] };
}

/**
 * The installable app and its service worker (decision 0017): src/sw/sw.ts is built as a classic
 * script to dist/sw.js (it imports public/sw-push.js), with the precache list written in
 * (shellOnly). lib/pwa.ts registers the worker.
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    // The browser fetches the icons it needs itself; the offline page draws its own.
    includeManifestIcons: false,
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['**/icons/maskable.svg', 'sw.js'],
      manifestTransforms: [shellOnly],
    },
    manifest: {
      id: '/',
      name: 'Jara — Campus marketplace',
      short_name: 'Jara',
      description:
        'Food, gadgets, fashion and parcel dispatch for the University of Benin community, delivered in minutes.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#0b4d36',
      background_color: '#fafaf9',
      icons: [
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });

/**
 * Every text file of the build also written compressed beside it at the highest settings (brotli 11,
 * gzip 9), which the server sends as they are (@fastify/static `preCompressed`, assembly/web.ts):
 * brotli 11 is about 13 % smaller than what compressing on the fly sends, on every first visit
 * (decision 0054).
 */
const precompressed = () =>
  compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' });

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    // Catalogues compiled to functions at build time: no ICU parser in the browser (src/i18n/catalogues.ts).
    lingui({
      failOnMissing: true,
      failOnCompileError: true,
      configPath: fileURLToPath(new URL('lingui.config.ts', import.meta.url)),
    }),
    tailwindcss(),
    pureSharedSchemas(),
    ...(isSsrBuild ? [] : [preloadStart(), pwa(), precompressed()]),
  ],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    // The server-side renderer (src/entry-server.tsx, `vite build --ssr`) goes beside the client
    // build, not inside it, so it is never served as a static file.
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    target: isSsrBuild ? 'node20' : 'es2022',
    sourcemap: false,
    // Leaflet's stylesheet names pictures the campus map never shows (the default marker, the layers
    // control): as files they are never fetched, inlined they would weigh on every map page.
    assetsInlineLimit: (file: string) => (/[\\/]node_modules[\\/]leaflet[\\/]/.test(file) ? false : undefined),
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      // start.tsx is an entry too (main.tsx imports it dynamically: preloadStart).
      ...(isSsrBuild ? {} : { input: { index: 'index.html', start: 'src/start.tsx' } }),
      // Shared modules (and zod) have no import-time effects the browser needs: a shared module
      // none of whose exports the storefront uses is left out entirely.
      // A feature's index.ts only re-exports: a screen that imports one hook through it does not
      // pull in the feature's other screens (the cart page and the address form with its schemas).
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/[\\/](node_modules[\\/]zod|packages[\\/]shared[\\/]src)[\\/]/.test(id) &&
          !/[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/.test(id),
      },
      output: {
        // Everything the first page needs in one chunk instead of dozens of small shared ones:
        // on a phone's slow link each file costs a round trip and its response headers (about 1 KB).
        // zod and the shared schemas are reachable from the entry through the shared index but
        // used only by a few screens' forms: they stay in those screens' chunks.
        codeSplitting: {
          groups: [
            // React and its DOM renderer, evaluated in a task before the app's own code (main.tsx).
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: 'app',
              tags: ['$initial'],
              // main.tsx (and what it imports) stays the page's entry: it loads the rest in steps.
              test: (id: string) =>
                !/[\\/](node_modules[\\/]zod|packages[\\/]shared[\\/]src[\\/](schemas|events))[\\/.]/.test(id) &&
                !STARTER.test(id),
              includeDependenciesRecursively: false,
            },
            // The small pieces the storefront's screens share (ui components, hooks, the shared
            // rules): one chunk, not a file each, loaded with the first screen that needs one.
            {
              name: 'storefront',
              test: (id: string) => {
                const f = id.replace(/\\/g, '/');
                return (
                  (/\/apps\/web\/src\/(components\/ui|lib|features\/(catalogue|checkout|home))\/|\/packages\/shared\/src\//.test(
                    f,
                  ) ||
                    f.includes('/features/addresses/api/get-') ||
                    f.includes('/node_modules/@tanstack/')) &&
                  !STARTER.test(f) &&
                  // The portals' own navigation (sub-nav, portal-*) is theirs: never in the shop's chunk.
                  !/-page\.tsx$|\/components\/ui\/(sub-nav|portal-[a-z-]+)\.tsx$|\/lib\/(socket|push)\.ts$|\/shared\/src\/(schemas|events)[/.]/.test(
                    f,
                  )
                );
              },
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
            // The messages every screen shows (ROOT_AREAS in src/i18n/catalogues.ts), one chunk per
            // language rather than one per area: each file costs a round trip on a slow link.
            {
              name: (id: string) => {
                const language = ROOT_MESSAGES.exec(id)?.[1];
                return language ? `messages-${language}` : null;
              },
              priority: 3,
            },
            // zod on its own: only the screens that validate a form with it load it.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
}));
