// Resources: what the program's screens read before anyone logs in (countries, conditions, features, pictures).
import { defineModule } from '../../platform/module.ts';
import { resourceRoutes } from './routes.ts';

export const resourceModule = defineModule({
  name: 'resource',
  build: ({ db, pictures }) => ({
    routes: { public: async (app) => app.register(resourceRoutes, { db, pictures }) },
  }),
});
