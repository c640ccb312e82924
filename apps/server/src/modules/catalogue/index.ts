/** The catalogue module's surface: what the app and other modules may use. */
export { catalogueModule } from './catalogue.routes.js';
export { productsOfLines, soldProduct } from './catalogue.repo.js';
