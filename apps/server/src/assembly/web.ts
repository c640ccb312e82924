// The web app and what no route answers: the built files of apps/web (static, looked up per
// request), customer pages rendered on the server (infra/web/ssr.ts, decision 0015) when the
// build has its server entry, else the SPA shell for client-side routes; every other unknown
// path is the JSON 404.
// Needs: the API routes (the renderer reads through them with inject) and the security hooks;
// registered last, so `/` and the page fallback never shadow an API route.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import { LANGUAGE_COOKIE, requestLanguage } from '@jara/shared';
import { PageRenderer, withLanguage } from '../infra/web/ssr.js';
import { SESSION_COOKIE } from '../infra/sessions.js';
import { errorBody } from '../lib/errors.js';
import type { AppInstance } from '../modules/types.js';

export async function web(app: AppInstance, opts: { config: Config }): Promise<void> {
  const { config } = opts;
  const hasWeb = existsSync(path.join(config.webDist, 'index.html'));
  const pages = hasWeb ? PageRenderer.create(config.webDist, config.publicUrl, app) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      // Files are looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      // The build writes .br and .gz beside each text file at the highest settings (web vite.config.ts).
      preCompressed: true,
      index: 'index.html',
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // The shell in each language, read once per build (the file is looked up again when it changes).
  let shell: { mtimeMs: number; html: string } | null = null;
  const shellIn = (language: 'pcm') => {
    const file = path.join(config.webDist, 'index.html');
    const { mtimeMs } = statSync(file);
    if (shell?.mtimeMs !== mtimeMs) shell = { mtimeMs, html: readFileSync(file, 'utf8') };
    return withLanguage(shell.html, language);
  };
  const servePage = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    // Pages are written in the visitor's language (the cookie, else Accept-Language's guess): a
    // cache keeps one copy per language, and the ETag of one never answers for the other.
    const language = requestLanguage(req.cookies[LANGUAGE_COOKIE], req.headers['accept-language']);
    reply.header('vary', 'Cookie, Accept-Language');
    if (pages) {
      const page = await pages.render(req.url, language, req.log, Boolean(req.cookies[SESSION_COOKIE]));
      if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
      if (page.kind === 'page') {
        // Nothing personal is rendered (only the language cookie is read, and whether there is a
        // session for the tracking pages' shell), so one answer fits every visitor of a language.
        return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
      }
    }
    if (language === 'en') return reply.sendFile('index.html');
    return reply.type('text/html; charset=utf-8').send(shellIn(language));
  };
  // `/` is a page like any other (the static plugin would answer it with the bare shell).
  if (pages) app.get('/', servePage);
  app.setNotFoundHandler(async (req, reply) => {
    // Judged on the decoded path, so `/api%2fadmin/…` is an unknown API path, not a page; so is
    // anything under `/map/` (the campus map's tiles).
    const pathname = decodedPath(req.url);
    const isPage =
      pathname !== null &&
      !/^\/+(api|media|map|assets|socket\.io|metrics)(\/|$)/i.test(pathname) &&
      !/\.[a-z0-9]{1,5}$/i.test(pathname);
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD') && isPage) return servePage(req, reply);
    return reply.status(404).send(errorBody('not_found', 'Not found.'));
  });
}

/** The path of a request URL with percent-escapes decoded; null when they do not decode. */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0]!);
  } catch {
    return null;
  }
}
