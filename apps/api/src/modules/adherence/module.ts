// Adherence (decisions 079, 080): the summaries of every patient's medicines (PDC, supply, persistence) and the
// outreach list, kept by the refresh job from the purchases, free units, dose history, enrolments and appointments.
// The console's routes (the list, its claims and outcomes; the figures) are the staff module's, on this module's
// service (`public.ts`).
import { readProgramConfigs } from '../../db/seed.ts';
import { defineModule } from '../../platform/module.ts';
import { ADHERENCE_PATIENT_DATA } from './patient-data.ts';
import { ADHERENCE_REFRESH_INTERVAL_MS, refreshProgram } from './refresh.ts';
import { settingsByProgram } from './settings.ts';

export const adherenceModule = defineModule({
  name: 'adherence',
  patientData: ADHERENCE_PATIENT_DATA,
  build: ({ db, config, programs, app }) => {
    const settingsOf = settingsByProgram(readProgramConfigs(config.PROGRAMS_DIR), programs.all());
    return {
      jobs: [
        {
          name: 'adherence-refresh',
          intervalMs: ADHERENCE_REFRESH_INTERVAL_MS,
          async run(now) {
            let handled = 0;
            for (const row of programs.all()) {
              const started = performance.now();
              const report = await refreshProgram(db, row.id, settingsOf(row.id), now);
              app.log.info(
                {
                  job: 'adherence-refresh',
                  program: row.slug,
                  ...report,
                  durationMs: Math.round(performance.now() - started),
                },
                'adherence refreshed',
              );
              handled += report.plans;
            }
            return handled;
          },
        },
      ],
    };
  },
});
