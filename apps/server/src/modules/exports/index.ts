/** The exports module's surface (issue 33): the accountant's CSV files, streamed; it owns no table. */
export { exportsModule } from './exports.routes.js';
