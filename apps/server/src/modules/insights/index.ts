/** The insights module's surface: the dashboards' figures (issue 33). */
export { insightsModule } from './insights.routes.js';
export { InsightsService } from './insights.service.js';
