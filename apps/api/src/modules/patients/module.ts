// The patient record (decision 064): the reads of patients, plans and accounts that the other modules share. No
// routes of its own yet: the staff console's patient search (issue 35) will be its first.
import { defineModule } from '../../platform/module.ts';

export const patientsModule = defineModule({
  name: 'patients',
  build: () => ({}),
});
