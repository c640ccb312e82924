import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import {
  MSG,
  UPLOAD_MSG,
  type ContactMessagesAnswer,
  type ContactReplyAnswer,
  type ErrorAnswer,
  type MessageAnswer,
} from '@jara/shared';
import { buildTestApp, createUser, json, unique, type TestApp } from '../../../test/helpers.js';
import { HTML_AS_JPG, jpegWithGps, multipart } from '../../../test/factories-chat.js';
import { contactMessages } from './contact.tables.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}
let app: TestApp;
let smtp: SMTPServer;
const inbox: Received[] = [];

beforeAll(async () => {
  // A real SMTP server on a local port stands in for the mail provider.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as { port: number }).port;
  app = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: 'help@jara.test' });
});
afterAll(async () => {
  await app.closeAll();
  await new Promise<void>((r) => smtp.close(() => r()));
});

const contact = async (fields: Record<string, string>, file?: Parameters<typeof multipart>[1], ip = '10.0.0.1') => {
  const body = await multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: '/api/mail/contact',
    payload: body.payload,
    headers: body.headers,
    remoteAddress: ip,
  });
};
const valid = () => ({
  name: 'Guest Shopper',
  email: `${unique()}@Example.com`,
  subject: 'Refund for order',
  message: 'My food came cold.\nPlease help.',
});

describe('POST /api/mail/contact', () => {
  it('stores the message, emails support with the attachment, and shows it in the inbox', async () => {
    const fields = valid();
    const res = await contact(
      fields,
      { name: 'receipt.jpg', type: 'image/jpeg', data: await jpegWithGps() },
      '10.0.0.2',
    );
    expect(res.statusCode).toBe(200);
    expect(json<MessageAnswer>(res)).toEqual({ success: true, message: MSG.messageSent });

    const [row] = await app.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, fields.email.toLowerCase()));
    expect(row).toMatchObject({ name: 'Guest Shopper', subject: 'Refund for order', attachmentType: 'image' });
    expect(row!.attachmentKey).toMatch(/^contact\/[0-9a-f-]{36}\.webp$/);

    await app.ctx.jobs.drain();
    const mail = inbox.find((m) => m.raw.includes('Refund for order'));
    expect(mail?.to).toEqual(['help@jara.test']);
    expect(mail!.raw).toContain(fields.email.toLowerCase());
    expect(mail!.raw).toMatch(/Content-Type: image\/webp/i);
    expect(mail!.raw).toMatch(/filename=attachment\.webp/);

    const agent = await createUser(app, { role: 'support' });
    const list = json<ContactMessagesAnswer>(
      await app.inject({ url: '/api/support/contact-messages', headers: { cookie: agent.cookie } }),
    ).messages;
    const shown = list.find((m) => m._id === row!.id);
    expect(shown).toMatchObject({ subject: 'Refund for order', repliedAt: null, attachmentType: 'image' });
    const attachment = shown?.attachment;
    assert(attachment, 'the message links its attachment');
    const file = await app.inject({ url: attachment, headers: { cookie: agent.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const customer = await createUser(app);
    expect((await app.inject({ url: attachment, headers: { cookie: customer.cookie } })).statusCode).toBe(403);
  });

  it('lets an agent reply by email, recorded on the message', async () => {
    const fields = valid();
    await contact(fields, undefined, '10.0.0.3');
    const [row] = await app.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, fields.email.toLowerCase()));
    const agent = await createUser(app, { role: 'support', name: 'Tolu' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/support/contact-messages/${row!.id}/reply`,
      payload: { message: 'We are refunding you today.' },
      headers: { cookie: agent.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(json<ContactReplyAnswer>(res).contactMessage).toMatchObject({ reply: 'We are refunding you today.' });
    expect(json<ContactReplyAnswer>(res).contactMessage.repliedAt).not.toBeNull();
    await app.ctx.jobs.drain();
    const mail = inbox.find((m) => m.to.includes(fields.email.toLowerCase()));
    expect(mail?.raw).toContain('We are refunding you today.');
    expect(mail?.raw).toContain('Re: Refund for order');

    const blank = await app.inject({
      method: 'POST',
      url: `/api/support/contact-messages/${row!.id}/reply`,
      payload: { message: ' ' },
      headers: { cookie: agent.cookie },
    });
    expect(blank.statusCode).toBe(400);
  });

  it('requires every field but the attachment, with a clear message, and stores nothing', async () => {
    const before = (await app.ctx.db.select().from(contactMessages)).length;
    for (const missing of ['name', 'email', 'subject', 'message'] as const) {
      const fields: Record<string, string> = valid();
      delete fields[missing];
      const res = await contact(fields, undefined, '10.0.1.1');
      expect(res.statusCode).toBe(400);
      expect(json<ErrorAnswer>(res).message).toBe(
        missing === 'email' ? MSG.invalidEmail : `Please fill in your ${missing}.`,
      );
    }
    const badEmail = await contact({ ...valid(), email: 'nope' }, undefined, '10.0.1.2');
    expect(json<ErrorAnswer>(badEmail).message).toBe(MSG.invalidEmail);
    const fake = await contact(valid(), { name: 'photo.jpg', type: 'image/jpeg', data: HTML_AS_JPG }, '10.0.1.2');
    expect(fake.statusCode).toBe(400);
    expect(json<ErrorAnswer>(fake).message).toBe(UPLOAD_MSG.contactBadType);
    expect((await app.ctx.db.select().from(contactMessages)).length).toBe(before);
  });

  it('takes a PDF (a receipt) and serves it to agents as a download; an HTML file named .pdf is refused', async () => {
    const fields = valid();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const res = await contact(fields, { name: 'receipt.pdf', type: 'application/pdf', data: pdf }, '10.0.3.1');
    expect(res.statusCode).toBe(200);
    const [row] = await app.ctx.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, fields.email.toLowerCase()));
    expect(row!.attachmentKey).toMatch(/^contact\/[0-9a-f-]{36}\.pdf$/);
    const agent = await createUser(app, { role: 'support' });
    const file = await app.inject({
      url: `/api/support/contact-messages/${row!.id}/attachment`,
      headers: { cookie: agent.cookie },
    });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const fake = await contact(
      valid(),
      { name: 'receipt.pdf', type: 'application/pdf', data: HTML_AS_JPG },
      '10.0.3.1',
    );
    expect(fake.statusCode).toBe(400);
    expect(json<ErrorAnswer>(fake).message).toBe(UPLOAD_MSG.contactBadType);
  });

  it('is rate-limited per sender and, more loosely, per network address', async () => {
    const sender = valid();
    const bySender: number[] = [];
    for (let i = 0; i < 6; i++) bySender.push((await contact(sender, undefined, `10.0.2.${i + 1}`)).statusCode);
    expect(bySender).toEqual([200, 200, 200, 200, 200, 429]);
    const byAddress: number[] = [];
    for (let i = 0; i < 21; i++) byAddress.push((await contact(valid(), undefined, '10.0.4.1')).statusCode);
    expect(byAddress.filter((s) => s === 200)).toHaveLength(20);
    expect(byAddress.at(-1)).toBe(429);
  });
});
