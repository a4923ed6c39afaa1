// How the admin's screens name a member's status, a role and what the access log recorded. The text keys are
// written out, for the programs' text checker.
import type { StaffRole } from '@portal/contracts/staff';
import type { StaffMemberStatus } from '@portal/contracts/staff-admin';
import type { StaffAccessKind } from '@portal/contracts/staff-records';

export const ROLE_KEYS: Record<StaffRole, string> = {
  agent: 'staff.roles.agent',
  nurse: 'staff.roles.nurse',
  manager: 'staff.roles.manager',
  admin: 'staff.roles.admin',
};

export const STATUS_KEYS: Record<StaffMemberStatus, string> = {
  invited: 'staff.admin.status.invited',
  active: 'staff.admin.status.active',
  disabled: 'staff.admin.status.disabled',
};

export const ACCESS_KIND_KEYS: Record<StaffAccessKind, string> = {
  'record-opened': 'staff.admin.log.what.recordOpened',
  'recovery-link-sent': 'staff.admin.log.what.recoveryLinkSent',
  'email-changed': 'staff.admin.log.what.emailChanged',
  'welcome-resent': 'staff.admin.log.what.welcomeResent',
  'coupon-link-issued': 'staff.admin.log.what.couponLinkIssued',
  'appointment-booked': 'staff.admin.log.what.appointmentBooked',
  'appointment-moved': 'staff.admin.log.what.appointmentMoved',
  'appointment-cancelled': 'staff.admin.log.what.appointmentCancelled',
  'appointment-attendance-recorded': 'staff.admin.log.what.appointmentAttendanceRecorded',
  'sessions-ended': 'staff.admin.log.what.sessionsEnded',
  'note-added': 'staff.admin.log.what.noteAdded',
  'outreach-outcome-recorded': 'staff.admin.log.what.outreachOutcomeRecorded',
  search: 'staff.admin.log.what.search',
  preregistered: 'staff.admin.log.what.preregistered',
};

/** A date and time in the page's language. */
export function dateTimeIn(language: 'es' | 'en', value: string): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-419' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(value));
}

/** A member's name, or their e-mail until they set up. */
export function memberName(member: { firstName: string | null; lastName: string | null; email: string }): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;
}
