import { ContactInput, MessageAnswer, MSG } from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { languageOf } from '../../infra/i18n.js';
import { readMultipartForm } from '../../infra/uploads/uploads.js';
import { badRequest } from '../../lib/errors.js';
import { rateLimit } from '../../lib/http.js';
import { ContactService } from './contact.service.js';

const MINUTE = 60_000;

/** The contact form (SPEC §2 /contact): stored for the support inbox and emailed to support. */
export const contactModule: Module = async (app, ctx) => {
  defaultAccess(app, 'public');
  const contact = new ContactService(ctx);
  app.post(
    '/api/mail/contact',
    { schema: { tags: ['contact'], consumes: ['multipart/form-data'], response: { 200: MessageAnswer } } },
    async (req, reply) => {
      // A campus network puts many students behind one address: the per-address limit is loose,
      // the per-sender one is tight.
      await rateLimit(ctx.limiter, reply, [
        { key: `contact:ip:${req.ip}`, limit: 20, windowMs: 15 * MINUTE },
        { key: `contact:ip-day:${req.ip}`, limit: 200, windowMs: 24 * 60 * MINUTE },
      ]);
      const form = await readMultipartForm(req, {
        fileField: 'attachment',
        tooLongMessage: 'Your message is too long.',
      });
      const parsed = ContactInput.safeParse({ name: '', email: '', subject: '', message: '', ...form.fields });
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const field = first?.path[0];
        const message =
          first?.message === 'This field is required' && typeof field === 'string'
            ? `Please fill in your ${field}.`
            : (first?.message ?? 'Invalid form.');
        throw badRequest(
          message,
          'validation_failed',
          parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
        );
      }
      const input = parsed.data;
      await rateLimit(ctx.limiter, reply, [{ key: `contact:email:${input.email}`, limit: 5, windowMs: 60 * MINUTE }]);
      await contact.submit(input, form.file, languageOf(req));
      return { success: true as const, message: MSG.messageSent };
    },
  );
};
