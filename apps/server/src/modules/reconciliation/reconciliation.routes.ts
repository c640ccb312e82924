import { z } from 'zod';
import { Id, ReconciliationRunAnswer, ReconciliationRunsAnswer, RunReconciliationInput } from '@jara/shared';
import { languageOf } from '../../infra/i18n.js';
import { defaultAccess } from '../../lib/access.js';
import { requireRole } from '../../lib/http.js';
import { moduleWith } from '../types.js';
import type { DailyReconciliation } from './reconciliation.service.js';

const IdParams = z.strictObject({ id: Id });

/** The admin's view of the daily reconciliation: the runs, one run's differences, a day run now. */
export const reconciliationModule = moduleWith<{ reconciliation: DailyReconciliation }>(
  async (app, _ctx, { reconciliation }) => {
    const tags = ['admin'];
    defaultAccess(app, ['admin']);

    app.get(
      '/api/admin/reconciliation',
      { schema: { tags, response: { 200: ReconciliationRunsAnswer } } },
      async () => ({
        success: true as const,
        runs: await reconciliation.runs(),
      }),
    );

    app.get(
      '/api/admin/reconciliation/:id',
      { schema: { tags, params: IdParams, response: { 200: ReconciliationRunAnswer } } },
      async (req) => ({ success: true as const, ...(await reconciliation.detail(req.params.id, languageOf(req))) }),
    );

    app.post(
      '/api/admin/reconciliation',
      { schema: { tags, body: RunReconciliationInput, response: { 200: ReconciliationRunAnswer } } },
      async (req) => {
        const admin = requireRole(req, 'admin');
        const run = await reconciliation.run(req.body.day, { trigger: 'admin', userId: admin.id });
        return { success: true as const, ...(await reconciliation.detail(run._id, languageOf(req))) };
      },
    );
  },
);
