import type { ChecklistItem } from '@jara/shared';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { searchAccounts } from '../auth/index.js';
import { allCategories, type CatalogueStore } from '../catalogue/index.js';

/** What the checklist reads of the database. */
interface ChecklistFacts {
  admins: number;
  categories: number;
  approvedShops: number;
}

type ChecklistConfig = Pick<Config, 'payments' | 'mail' | 'deliveryHours' | 'deliveryHoursSet'>;

/**
 * A Paystack secret key that takes real money: Paystack's test keys start `sk_test_` and take
 * none, so a deployment on one is not ready either.
 */
function paymentsState(payments: ChecklistConfig['payments']): 'sandbox' | 'paystack_test' | 'paystack_live' {
  if (payments.provider !== 'paystack' || !payments.paystackSecretKey) return 'sandbox';
  return payments.paystackSecretKey.startsWith('sk_test_') ? 'paystack_test' : 'paystack_live';
}

/** The checklist as it stands: the configuration and the database read now. */
export class AdminChecklist {
  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: CatalogueStore,
  ) {}

  /**
   * The first-run checklist, in the order an operator works through it: an admin
   * account, a payment provider that takes real money, SMTP for the emails, categories, delivery
   * hours of the campus (DELIVERY_HOURS given, not the default), a first approved shop.
   */
  static itemsOf(config: ChecklistConfig, facts: ChecklistFacts): ChecklistItem[] {
    const payments = paymentsState(config.payments);
    const hours = `${config.deliveryHours.open}-${config.deliveryHours.close}`;
    return [
      { key: 'admin', done: facts.admins > 0, detail: String(facts.admins) },
      { key: 'payments', done: payments === 'paystack_live', detail: payments },
      { key: 'smtp', done: Boolean(config.mail.smtpUrl) },
      { key: 'categories', done: facts.categories > 0, detail: String(facts.categories) },
      { key: 'delivery_hours', done: config.deliveryHoursSet, detail: hours },
      { key: 'first_vendor', done: facts.approvedShops > 0, detail: String(facts.approvedShops) },
    ];
  }

  async items(): Promise<ChecklistItem[]> {
    const [admins, categories, shop] = await Promise.all([
      searchAccounts(this.ctx.db, undefined, 'admin'),
      allCategories(this.ctx.db),
      this.catalogue.catalogue.get(),
    ]);
    // The approved shops as the public catalogue lists them (the snapshot, read again after every write).
    return AdminChecklist.itemsOf(this.ctx.config, {
      admins: admins.length,
      categories: categories.length,
      approvedShops: shop.vendors.length,
    });
  }
}
