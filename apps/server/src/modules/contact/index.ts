/** The contact module's surface: what the app and other modules may use. */
export { contactModule } from './contact.routes.js';
export { ContactService } from './contact.service.js';
