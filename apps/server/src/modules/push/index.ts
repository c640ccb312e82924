/** The push module's surface: what the app and other modules may use. */
export { pushModule } from './push.routes.js';
export { queueChatPush, queueStatusPush } from './queue.js';
