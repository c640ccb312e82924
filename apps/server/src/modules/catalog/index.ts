/** The catalog module's surface: what the app and other modules may use. */
export { catalogModule } from './catalog.routes.js';
export { productsOfLines, soldProduct } from './catalog.repo.js';
