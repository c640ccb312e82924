/** The media module's surface: what the app and other modules may use. */
export { mediaModule } from './media.routes.js';
export { isOwnUpload, storeUploadedImage } from './images.js';
