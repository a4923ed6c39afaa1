// The program's figures for its managers (decision 081): the figures job rebuilds every program's counts every 15
// minutes from the enrolments, purchases, free units, appointments, lessons, logins and adherence's summaries and
// outcomes; the managers' route reads them, suppressed, behind the staff door.
import { defineModule } from '../../platform/module.ts';
import { computeProgramFigures } from './compute.ts';
import { FIGURES_PATIENT_DATA } from './patient-data.ts';
import { staffFiguresRoutes } from './routes.ts';
import { createFiguresService } from './service.ts';

export const FIGURES_REFRESH_INTERVAL_MS = 15 * 60_000;

export const figuresModule = defineModule({
  name: 'figures',
  patientData: FIGURES_PATIENT_DATA,
  build: ({ db, clock, programs, app }) => {
    const figures = createFiguresService({ db, clock });
    return {
      routes: { staff: async (api) => api.register(staffFiguresRoutes, { figures }) },
      jobs: [
        {
          name: 'figures-refresh',
          intervalMs: FIGURES_REFRESH_INTERVAL_MS,
          async run(now) {
            let written = 0;
            for (const row of programs.all()) {
              const started = performance.now();
              const rows = await computeProgramFigures(db, row.id, now);
              app.log.info(
                {
                  job: 'figures-refresh',
                  program: row.slug,
                  rows,
                  refreshedAt: now.toISOString(),
                  durationMs: Math.round(performance.now() - started),
                },
                'figures refreshed',
              );
              written += rows;
            }
            return written;
          },
        },
      ],
    };
  },
});
