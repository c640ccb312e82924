/** The chat module's surface: what the app and other modules may use. */
export { chatModule } from './chat.routes.js';
export { ChatService, messageForRecipients, subjectOf } from './chat.service.js';
export { deliverTo } from './parties.js';
