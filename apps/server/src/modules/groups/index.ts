/** The groups module's surface (decision 0049): group orders, registered by modules/index.ts. */
export { groupsModule } from './groups.routes.js';
