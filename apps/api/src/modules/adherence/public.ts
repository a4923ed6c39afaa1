// What other modules may use of adherence (decision 064): the outreach list's service (the staff console's routes),
// the settings it needs, and a program's refresh (the demo seed and the tests bring a program up to date at once).
export { createOutreachService, type OutreachService } from './outreach.ts';
export { refreshProgram } from './refresh.ts';
export { settingsByProgram, type AdherenceSettings } from './settings.ts';
