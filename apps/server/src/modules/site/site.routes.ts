import {
  AdminSiteContentParams,
  ContactContent,
  ContactDetailsAnswer,
  CustomerTermsAnswer,
  FaqAnswer,
  FaqContent,
  Language,
  RiderTermsAnswer,
  SiteContentAnswer,
  SiteContentParams,
  SiteContentQuery,
  TermsContent,
  type SiteContentKey,
} from '@jara/shared';
import type { z } from 'zod';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { requireRole } from '../../lib/http.js';
import { languageOf } from '../../infra/i18n.js';
import { sendRepresentation } from '../../infra/snapshot.js';
import { SiteContent } from './site.service.js';

/** Each page's body schema and its answer, so a PUT is checked against its own page's shape. */
const PAGES = [
  { key: 'faq', body: FaqContent, answer: FaqAnswer },
  { key: 'customer-terms', body: TermsContent, answer: CustomerTermsAnswer },
  { key: 'rider-terms', body: TermsContent, answer: RiderTermsAnswer },
  { key: 'contact', body: ContactContent, answer: ContactDetailsAnswer },
] as const satisfies readonly { key: SiteContentKey; body: z.ZodType; answer: z.ZodType }[];

/**
 * The content pages (issue 33): anyone reads them (`GET /api/content/:key`, in `lang` or the
 * request's language), admins edit them (`PUT /api/admin/content/<key>/:language`).
 */
export const siteModule: Module = async (app, ctx) => {
  const content = new SiteContent(ctx);
  defaultAccess(app, ['admin']);

  app.get(
    '/api/content/:key',
    {
      config: { access: 'public' },
      schema: {
        tags: ['content'],
        params: SiteContentParams,
        querystring: SiteContentQuery,
        response: { 200: SiteContentAnswer },
      },
      compress: false,
    },
    async (req, reply) => {
      // The server render reads without the visitor's cookies, so the page names its language.
      const language = req.query.lang ?? languageOf(req);
      return sendRepresentation(req, reply, await content.representation(req.params.key, language));
    },
  );

  app.get(
    '/api/admin/content/:key/:language',
    {
      schema: {
        tags: ['admin', 'content'],
        params: SiteContentParams.extend({ language: Language }),
        response: { 200: SiteContentAnswer },
      },
    },
    async (req) => content.read(req.params.key, req.params.language),
  );

  for (const page of PAGES) {
    app.put(
      `/api/admin/content/${page.key}/:language`,
      {
        schema: {
          tags: ['admin', 'content'],
          params: AdminSiteContentParams,
          body: page.body,
          response: { 200: page.answer },
        },
      },
      async (req) => {
        const admin = requireRole(req, 'admin');
        return content.save(page.key, req.params.language, req.body as never, admin.id);
      },
    );
  }
};
