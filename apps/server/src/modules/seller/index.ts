/** The seller module's surface: what the app and other modules may use. */
export { sellerModule } from './seller.routes.js';
export { isOwnUpload, storeUploadedImage } from './images.js';
export { moveItems, pushOrderUpdate, recordStatusEvents } from './order-events.js';
export { listPayouts, requestPayout, summarise, type EarningEntry } from './payouts.js';
