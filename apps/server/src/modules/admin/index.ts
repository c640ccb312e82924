/** The admin module's surface: what the app and other modules may use. */
export { adminModule } from './admin.routes.js';
