// Lessons (decisions 048, 049): the program's lesson files, read once, and the patient's progress.
import { defineModule } from '../../platform/module.ts';
import { readLessonCatalogue, registerLessonFiles } from './lessons.ts';
import { learningRoutes } from './routes.ts';
import { LEARNING_PATIENT_DATA } from './patient-data.ts';

export const learningModule = defineModule({
  name: 'learning',
  patientData: LEARNING_PATIENT_DATA,
  feature: 'learning',
  build: ({ db, clock, config, programs, learningDir }) => {
    const slugs = programs.all().map((row) => row.slug);
    const catalogue = readLessonCatalogue(config.PROGRAMS_DIR, learningDir, slugs);
    return {
      routes: {
        root: async (app) => registerLessonFiles(app, catalogue),
        patient: async (app) =>
          app.register(learningRoutes, {
            db,
            clock,
            catalogue,
            slugOf: (programId) => programs.all().find((row) => row.id === programId)?.slug,
          }),
      },
    };
  },
});
