/** The newsletter module's surface: what the app and other modules may use. */
export { newsletterModule } from './newsletter.routes.js';
