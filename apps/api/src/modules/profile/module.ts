// The patient's profile and how notices reach them.
import { defineModule } from '../../platform/module.ts';
import { createGazetteerDirectory } from '../signup/public.ts';
import { profileRoutes } from './routes.ts';

export const profileModule = defineModule({
  name: 'profile',
  auditActions: ['profile-updated', 'notice-preferences-changed'],
  build: ({ db, clock }) => {
    const locations = createGazetteerDirectory();
    return {
      routes: {
        patient: async (app) =>
          app.register(profileRoutes, { db, clock, findLocation: (id, language) => locations.get(id, language) }),
      },
    };
  },
});
