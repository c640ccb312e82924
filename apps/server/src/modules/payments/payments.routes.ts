import { z } from 'zod';
import { ErrorAnswer, OkAnswer, PaymentVerifyAnswer, PaymentVerifyQuery } from '@jara/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moduleWith } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { errorBody } from '../../lib/errors.js';
import { languageOf } from '../../infra/i18n.js';
import { cancelActionUrl } from '../../infra/payments/types.js';
import type { PaymentService } from './payments.service.js';
import { renderCheckout, renderMissing } from './sandbox-page.js';

const WEBHOOK_PATHS = ['/api/payment/webhook', '/api/payment/paystack/webhook'] as const;
const WebhookResponse = { 200: OkAnswer, 400: ErrorAnswer, 401: ErrorAnswer };
const Page = z.string().describe('The sandbox checkout page (HTML)');
const Redirect = z.null().describe('To the payment callback (or the cancel page), as Paystack would');
const SandboxAction = z.object({
  action: z.enum(['pay', 'decline', 'cancel']),
  channel: z.enum(['card', 'bank_transfer', 'ussd']).default('card'),
});

/** The payment routes (verification, webhooks, the sandbox's checkout page) over the payment service. */
export const paymentsModule = moduleWith<{ payments: PaymentService }>(async (app, ctx, { payments }) => {
  defaultAccess(app, 'public');
  await payments.scheduleReconciliation();

  // Webhooks: the signature covers the raw bytes, so this scope keeps the body as a Buffer.
  await app.register(async (hooks) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    for (const url of WEBHOOK_PATHS) {
      hooks.post(
        url,
        { schema: { hide: true, response: WebhookResponse }, config: { crossSite: true } },
        async (req, reply) => {
          const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
          const answer = await payments.receiveWebhook(raw, req.headers['x-paystack-signature']);
          return reply
            .status(answer.status)
            .send(answer.status === 200 ? { success: true as const } : errorBody(answer.outcome, 'Webhook refused.'));
        },
      );
    }
  });

  app.get(
    '/api/payment/verify',
    {
      schema: { tags: ['payment'], querystring: PaymentVerifyQuery, response: { 200: PaymentVerifyAnswer } },
      config: { access: 'user' },
    },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `verify:user:${user.id}`, limit: 60, windowMs: 60_000 }]);
      const { state } = await payments.verify(req.query.reference, user.id);
      return { success: true as const, state, paid: state === 'paid' };
    },
  );

  const sandbox = payments.sandbox;
  if (!sandbox) return;

  // The sandbox's hosted checkout page (DESIGN §4): server-rendered, no script needed.
  await app.register(async (scope) => {
    const page = scope.withTypeProvider<ZodTypeProvider>();
    page.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    const Params = z.object({ reference: z.string().regex(/^[A-Za-z0-9.=-]{1,100}$/) });

    page.get(
      '/sandbox/checkout/:reference',
      { schema: { hide: true, params: Params, response: { 200: Page, 404: Page } } },
      async (req, reply) => {
        const row = await sandbox.find(req.params.reference);
        // With helmet's no-referrer, a form post says `Origin: null` and the CSRF check refuses it.
        reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'same-origin')
          .type('text/html; charset=utf-8');
        // In the visitor's language (the page sets vary: it is never cached, but says what it depends on).
        const lang = languageOf(req);
        reply.header('vary', 'Cookie, Accept-Language');
        if (!row) return reply.status(404).send(renderMissing(lang));
        return reply.send(renderCheckout(row, lang));
      },
    );

    page.post(
      '/sandbox/checkout/:reference',
      { schema: { hide: true, params: Params, body: SandboxAction, response: { 303: Redirect, 404: Page } } },
      async (req, reply) => {
        const row = await sandbox.find(req.params.reference);
        if (!row)
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(renderMissing(languageOf(req)));
        const outcome = req.body.action === 'pay' ? 'success' : req.body.action === 'decline' ? 'failed' : 'abandoned';
        await sandbox.complete(row.reference, outcome, req.body.channel);
        // Cancel goes where Paystack's cancel_action would; the others to the callback, to which
        // Paystack appends trxref and reference.
        const url = new URL(
          outcome === 'abandoned' ? cancelActionUrl(row.callbackUrl, row.reference) : row.callbackUrl,
        );
        if (outcome === 'abandoned') return reply.redirect(`${url.pathname}${url.search}`, 303);
        url.searchParams.set('trxref', row.reference);
        url.searchParams.set('reference', row.reference);
        return reply.redirect(`${url.pathname}${url.search}`, 303);
      },
    );
  });
});
