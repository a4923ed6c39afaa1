// What other modules may use of the staff directory (decision 068): the role check of a staff route.
export { hasStaffRole, requireStaffRole, staffRoleIn } from './roles.ts';
