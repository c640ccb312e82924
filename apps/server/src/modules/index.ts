import type { Module } from './types.js';
import { authModule } from './auth/auth.routes.js';
import { catalogModule } from './catalog/catalog.routes.js';
import { geocodingModule } from './geocoding/geocoding.routes.js';
import { mediaModule } from './media/media.routes.js';
import { paymentsModule } from './payments/payments.routes.js';
import { addressesModule } from './addresses/addresses.routes.js';
import { ordersModule } from './orders/orders.routes.js';
import { dispatchModule } from './dispatch/dispatch.routes.js';
import { chatModule } from './chat/chat.routes.js';
import { supportModule } from './support/support.routes.js';
import { contactModule } from './contact/contact.routes.js';
import { sellerModule } from './seller/seller.routes.js';
import { riderModule } from './rider/rider.routes.js';
import { adminModule } from './admin/admin.routes.js';
import { pushModule } from './push/push.routes.js';

/** Every feature module, registered in this order by buildApp. */
export const MODULES: Module[] = [authModule, catalogModule, geocodingModule, mediaModule, paymentsModule, addressesModule, ordersModule, dispatchModule, chatModule, supportModule, contactModule, sellerModule, riderModule, adminModule, pushModule];
