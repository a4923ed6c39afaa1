// What other modules may use of treatments (decision 064): a checked treatment input's columns (the sign-up writes
// the first treatment in its own transaction).
export { treatmentColumnsOf } from './service.ts';
