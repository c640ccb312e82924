import type { Module } from './types.js';
import { authModule } from './auth/index.js';
import { catalogueModule } from './catalogue/index.js';
import { newsletterModule } from './newsletter/index.js';
import { geocodingModule } from './geocoding/index.js';
import { mediaModule } from './media/index.js';
import { paymentsModule } from './payments/index.js';
import { payoutsModule } from './payouts/index.js';
import { addressesModule } from './addresses/index.js';
import { ordersModule } from './orders/index.js';
import { dispatchModule } from './dispatch/index.js';
import { chatModule } from './chat/index.js';
import { supportModule } from './support/index.js';
import { contactModule } from './contact/index.js';
import { sellerModule } from './seller/index.js';
import { riderModule } from './rider/index.js';
import { adminModule } from './admin/index.js';
import { pushModule } from './push/index.js';

/** Every feature module, registered in this order by buildApp. */
export const MODULES: Module[] = [
  authModule,
  catalogueModule,
  newsletterModule,
  geocodingModule,
  mediaModule,
  paymentsModule,
  addressesModule,
  ordersModule,
  dispatchModule,
  chatModule,
  supportModule,
  contactModule,
  payoutsModule,
  sellerModule,
  riderModule,
  adminModule,
  pushModule,
];
