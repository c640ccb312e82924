import type { RedisClientType } from 'redis';
import type { AppContext } from '../context.js';
import type { RedisLink } from '../infra/redis.js';
import type { Module } from './types.js';
import { authModule } from './auth/index.js';
import { CatalogueStore, catalogueModule } from './catalogue/index.js';
import { newsletterModule } from './newsletter/index.js';
import { geocodingModule, placesAdminModule } from './geocoding/index.js';
import { mapModule } from './map/index.js';
import { mediaModule } from './media/index.js';
import { PaymentService, paymentsModule } from './payments/index.js';
import { payoutRecords, payoutsModule } from './payouts/index.js';
import { addressesModule } from './addresses/index.js';
import { ordersModule } from './orders/index.js';
import { promotionsModule } from './promotions/index.js';
import { groupsModule } from './groups/index.js';
import { dispatchModule } from './dispatch/index.js';
import { chatModule } from './chat/index.js';
import { supportModule } from './support/index.js';
import { contactModule } from './contact/index.js';
import { sellerModule } from './seller/index.js';
import { riderModule } from './rider/index.js';
import { adminModule } from './admin/index.js';
import { siteModule } from './site/index.js';
import { pushModule } from './push/index.js';
import { DailyReconciliation, reconciliationModule } from './reconciliation/index.js';
import { InsightsService, insightsModule } from './insights/index.js';
import { exportsModule } from './exports/index.js';

/** The services the modules own and hand to one another, built once per app (`app.services` in tests). */
export interface ModuleServices {
  /** The one payment mechanism: orders and dispatches are paid, refunded and reconciled through it. */
  payments: PaymentService;
  /** The public catalogue and the gazetteer in memory (decision 0011). */
  catalogue: CatalogueStore;
  /** The daily reconciliation against the payment provider (decision 0046). */
  reconciliation: DailyReconciliation;
  /** The dashboards' figures, kept a short while per (who, period) (issue 33). */
  insights: InsightsService;
}

/** The modules, ready to register, and what the assembly stages call of them. */
export interface Modules {
  /** Every feature module, registered in this order by assembly/api.ts, each given what it needs. */
  list: readonly Module[];
  services: ModuleServices;
  /** Starts the catalogue's revision checks; with Redis, it also hears the other instances. */
  start(redis: { link: RedisLink; client: RedisClientType } | null): Promise<void>;
  /** Stops the revision checks (the first thing the shutdown hook does). */
  stop(): Promise<void>;
  /** Reads the catalogue's revision after a state-changing request, before its answer leaves (decision 0011). */
  afterWrite(): Promise<void>;
}

/**
 * Builds the services the modules own (payments, the catalogue store) on the infrastructure,
 * once, and hands each module the ones it names: no module finds another's service on the context.
 */
export function buildModules(ctx: AppContext): Modules {
  const { config, database, jobs, log } = ctx;
  const payments = new PaymentService({ db: database.db, batches: database.batches, jobs, log, config });
  const catalogue = new CatalogueStore(database, log);
  // "Open now" in the catalogue is judged by the same clock as checkout's delivery hours (tests
  // replace ctx.clock, so it is read on every call).
  catalogue.now = () => ctx.clock.now();
  // The payouts module does not give its payouts to read yet: transfers are listed, not compared (decision 0046).
  const reconciliation = new DailyReconciliation({ db: database.db, jobs, log, payments, payouts: payoutRecords });
  const insights = new InsightsService(ctx);
  return {
    list: [
      authModule,
      catalogueModule({ catalogue }),
      newsletterModule,
      geocodingModule({ catalogue }),
      mapModule({ catalogue }),
      mediaModule,
      paymentsModule({ payments }),
      addressesModule,
      promotionsModule,
      ordersModule({ payments }),
      groupsModule({ payments }),
      dispatchModule({ payments }),
      chatModule({ payments }),
      supportModule,
      contactModule,
      payoutsModule({ payments }),
      sellerModule({ payments }),
      riderModule,
      adminModule({ payments, catalogue }),
      placesAdminModule,
      siteModule,
      reconciliationModule({ reconciliation }),
      insightsModule({ insights }),
      exportsModule,
      pushModule,
    ],
    services: { payments, catalogue, reconciliation, insights },
    start: (redis) => catalogue.start({ pollMs: config.catalogueCheckMs, redis, prefix: config.redisPrefix }),
    stop: () => catalogue.stop(),
    // Looked up on each call, so a test's spy on the store's method sees it.
    afterWrite: () => catalogue.afterWrite(),
  };
}
