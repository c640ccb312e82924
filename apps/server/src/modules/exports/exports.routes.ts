import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { ExportParams, ExportQuery, exportFileName, hasRole, type ExportFile } from '@jara/shared';
import { defaultAccess } from '../../lib/access.js';
import { forbidden } from '../../lib/errors.js';
import { requireUser } from '../../lib/http.js';
import { vendorOfUser } from '../catalogue/index.js';
import type { Module } from '../types.js';
import { adminExport, salesExport } from './exports.service.js';

const CsvFile = z
  .any()
  .describe('A CSV file (RFC 4180, UTF-8, CRLF), streamed: a header row, then one row per record of the period.');

/** Sends a CSV stream as a download named for its kind and period. */
function sendCsv(reply: FastifyReply, file: ExportFile, q: ExportQuery, body: Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(file, q)}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

/**
 * CSV exports (issue 33): the admin's orders, order items, payouts, refunds and ledger of a period
 * of Lagos days, and a vendor's own sales. Streamed page by page (exports.service.ts).
 */
export const exportsModule: Module = async (app, ctx) => {
  defaultAccess(app, ['admin']);

  app.get(
    '/api/admin/exports/:kind',
    { schema: { tags: ['admin'], params: ExportParams, querystring: ExportQuery, response: { 200: CsvFile } } },
    async (req, reply) => sendCsv(reply, req.params.kind, req.query, adminExport(ctx.db, req.params.kind, req.query)),
  );

  app.get(
    '/api/seller/exports/sales',
    {
      schema: { tags: ['seller'], querystring: ExportQuery, response: { 200: CsvFile } },
      config: { access: ['vendor'] },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const shop = hasRole(user, 'vendor') ? await vendorOfUser(ctx.db, user.id) : undefined;
      if (!shop || shop.status !== 'approved') throw forbidden('Only approved vendors can do that.');
      return sendCsv(reply, 'sales', req.query, salesExport(ctx.db, shop.id, req.query));
    },
  );
};
