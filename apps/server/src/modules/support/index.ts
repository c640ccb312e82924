/** The support module's surface: what the app and other modules may use. */
export { supportModule } from './support.routes.js';
