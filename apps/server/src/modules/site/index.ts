/** The site module's surface: the content pages (FAQ, terms, contact details) edited in the admin. */
export { siteModule } from './site.routes.js';
