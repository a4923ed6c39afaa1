// Health: liveness and readiness, outside the API (no door, no prefix).
import { defineModule } from '../../platform/module.ts';
import { healthRoutes } from './routes.ts';

export const healthModule = defineModule({
  name: 'health',
  build: ({ database, redis }) => ({
    routes: { root: async (app) => app.register(healthRoutes, { database, ...(redis ? { redis } : {}) }) },
  }),
});
