import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import ts from 'typescript';

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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), pureSharedSchemas()],
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
