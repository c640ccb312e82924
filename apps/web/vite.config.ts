import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import path from 'node:path';

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
          if (!init || ts.isArrowFunction(init) || ts.isFunctionExpression(init) || ts.isLiteralExpression(init)) continue;
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

/** The customer pages a phone should have offline without opening them first. */
const PRECACHED_PAGES = ['home/components/home-page', 'catalog/components/product-detail-page', 'catalog/components/products-page', 'catalog/components/category-page', 'checkout/components/cart-page', 'orders/components/my-orders-page', 'wishlist/components/wishlist-page'];

/**
 * The precache keeps, of the scripts, only the entry and those pages with what they import
 * (from Vite's manifest): a first visit downloads no screen it may never open. Any other hashed
 * file is cached when first used (the worker's /assets/ route).
 */
function storefrontOnly<E extends { url: string }>(entries: E[]) {
  const manifest = JSON.parse(readFileSync(path.join(import.meta.dirname, 'dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;
  const keep = new Set<string>();
  const visit = (key: string | undefined) => {
    if (!key || keep.has(key)) return;
    keep.add(key);
    for (const i of manifest[key]?.imports ?? []) visit(i);
  };
  const keys = Object.keys(manifest);
  visit(keys.find((k) => manifest[k]!.isEntry));
  for (const page of PRECACHED_PAGES) visit(keys.find((k) => k.endsWith(`features/${page}.tsx`)));
  const files = new Set([...keep].map((k) => manifest[k]!.file));
  return { manifest: entries.filter((e) => !e.url.endsWith('.js') || files.has(e.url)), warnings: [] as string[] };
}

/**
 * The installable app and its service worker (decision 0017): src/sw/sw.ts is built as a classic
 * script to dist/sw.js (it imports public/sw-push.js), with the precache list written in
 * (storefrontOnly). lib/pwa.ts registers the worker.
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['**/icons/maskable.svg', 'sw.js'],
      manifestTransforms: [storefrontOnly],
    },
    manifest: {
      id: '/',
      name: 'Jara — Campus marketplace',
      short_name: 'Jara',
      description: 'Food, gadgets, fashion and parcel dispatch for the University of Benin community, delivered in minutes.',
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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), pureSharedSchemas(), ...(isSsrBuild ? [] : [pwa()])],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    // The server-side renderer (src/entry-server.tsx, `vite build --ssr`) goes beside the client
    // build, not inside it, so it is never served as a static file.
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    target: isSsrBuild ? 'node20' : 'es2022',
    sourcemap: false,
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      // Shared modules (and zod) have no import-time effects the browser needs: a shared module
      // none of whose exports the storefront uses is left out entirely.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/](node_modules[\\/]zod|packages[\\/]shared[\\/]src)[\\/]/.test(id) },
    },
  },
}));
