/** The seller module's surface: what the app and other modules may use. */
export { sellerModule } from './seller.routes.js';
