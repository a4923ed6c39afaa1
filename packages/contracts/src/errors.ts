// The one error catalogue: every code the API answers with, its HTTP status and its message key.
import { z } from 'zod';

export const ERROR_CATALOGUE = {
  // Platform
  VALIDATION_FAILED: { status: 400, messageKey: 'errors.validation' },
  BAD_REQUEST: { status: 400, messageKey: 'errors.validation' },
  UNAUTHENTICATED: { status: 401, messageKey: 'errors.sessionExpired' },
  FORBIDDEN: { status: 403, messageKey: 'errors.forbidden' },
  NOT_FOUND: { status: 404, messageKey: 'errors.notFound' },
  PROGRAM_NOT_FOUND: { status: 404, messageKey: 'errors.notFound' },
  SUPPORT_PLAN_NOT_FOUND: { status: 404, messageKey: 'errors.notFound' },
  METHOD_NOT_ALLOWED: { status: 405, messageKey: 'errors.notFound' },
  // A call of a feature the program has turned off (its feature toggle): as if the program had no such feature.
  FEATURE_DISABLED: { status: 404, messageKey: 'errors.featureDisabled' },
  // Written by the HTTP layer before any route runs (a request not received in time; headers too large).
  REQUEST_TIMEOUT: { status: 408, messageKey: 'errors.unexpected.title' },
  HEADERS_TOO_LARGE: { status: 431, messageKey: 'errors.validation' },
  PAYLOAD_TOO_LARGE: { status: 413, messageKey: 'errors.validation' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, messageKey: 'errors.validation' },
  RATE_LIMITED: { status: 429, messageKey: 'errors.rateLimited' },
  INTERNAL: { status: 500, messageKey: 'errors.unexpected.title' },
  SERVICE_UNAVAILABLE: { status: 503, messageKey: 'errors.serviceUnavailable' },
  // Spec section 8 codes, spelled as the specification fixes them
  // As Cognito: 400, so that a refused login is never mistaken for an expired session (401).
  NotAuthorizedException: { status: 400, messageKey: 'login.errors.notAuthorized' },
  UserNotConfirmedException: { status: 400, messageKey: 'login.errors.notConfirmed' },
  PTP00197: { status: 409, messageKey: 'passwordRecovery.callCenter.body' },
  CAREGIVER_ALREADY_REGISTERED: { status: 409, messageKey: 'errors.caregiverAlreadyRegistered' },
  TREATMENT_DUPLICATED: { status: 409, messageKey: 'errors.treatmentDuplicated' },
  // My care: a minor (under the plan's minor age) must keep a caregiver.
  CAREGIVER_REQUIRED_FOR_MINOR: { status: 409, messageKey: 'caregiver.errors.requiredForMinor' },
  RECOVERY_LINK_EXPIRED: { status: 410, messageKey: 'passwordRecovery.invalidLink.body' },
  // A caregiver's own login (decision 092): an invitation asked for a caregiver without an e-mail.
  CAREGIVER_EMAIL_REQUIRED: { status: 409, messageKey: 'caregiverAccess.errors.emailRequired' },
  // A caregiver's invitation that is forged, used, superseded, expired (7 days) or of an access that ended.
  CAREGIVER_INVITATION_INVALID: { status: 410, messageKey: 'caregiverAccess.invitation.invalid' },
  // My care: a change-of-e-mail link that is unknown, used, superseded or expired.
  EMAIL_CHANGE_LINK_INVALID: { status: 410, messageKey: 'account.email.confirm.invalid' },
  EMAIL_ALREADY_REGISTERED: { status: 409, messageKey: 'signup.email.alreadyRegistered' },
  IDENTIFICATION_ALREADY_REGISTERED: { status: 409, messageKey: 'signup.idNumber.alreadyRegistered' },
  // Enrolment: a pre-registration invitation (signup?v=ppr) that is unknown, used or expired.
  PREREGISTRATION_LINK_INVALID: { status: 410, messageKey: 'signup.preregistered.invalid' },
  // Enrolment: a "this wasn't me" link that is forged, of another program, or already used.
  ENROLMENT_LINK_INVALID: { status: 410, messageKey: 'signup.notMe.invalid' },
  // Benefits: a coupon link that is forged, expired, of another program, or whose ids do not belong together.
  COUPON_LINK_INVALID: { status: 410, messageKey: 'errors.coupon.body' },
  // The pharmacy loop (decision 059): a code that is unknown, renewed, expired, of another program or of a closed
  // account (also an identification that names no enrolled patient), told apart from none of the others.
  DISCOUNT_CODE_INVALID: { status: 404, messageKey: 'errors.discountCodeInvalid' },
  // The pharmacy loop (decision 075): the live code of a general benefit's coupon (a support line, home delivery), which
  // the counter does not record; the coupon says where and how it is used. Not counted as a guess.
  DISCOUNT_CODE_NOT_AT_COUNTER: { status: 422, messageKey: 'errors.discountCodeNotAtCounter' },
  // The pharmacy loop: no free unit of the product now (details.reason: not-enough-units, month-cap, year-cap, no-offer).
  NO_FREE_UNIT: { status: 409, messageKey: 'errors.noFreeUnit' },
  // The pharmacy loop: a reversal refused (details.reason: already-reversed, not-same-day, redeemed).
  REVERSAL_NOT_ALLOWED: { status: 409, messageKey: 'errors.reversalNotAllowed' },
  // Booking (decision 058): a slot the service's schedule does not offer, each reason its own code.
  BOOKING_OUTSIDE_HORIZON: { status: 422, messageKey: 'booking.errors.outsideHorizon' },
  BOOKING_INSIDE_NOTICE: { status: 422, messageKey: 'booking.errors.insideNotice' },
  BOOKING_CLOSED_DAY: { status: 422, messageKey: 'booking.errors.closedDay' },
  BOOKING_OUTSIDE_HOURS: { status: 422, messageKey: 'booking.errors.outsideHours' },
  // Booking: a service of the program that the patient's plan (country, treatments) does not give.
  BOOKING_SERVICE_NOT_IN_PLAN: { status: 403, messageKey: 'booking.errors.serviceNotInPlan' },
  // Booking: every seat of the slot is taken (booked, or held by someone confirming).
  BOOKING_SLOT_FULL: { status: 409, messageKey: 'booking.errors.slotFull' },
  // Booking: the patient holds as many slots as they may at once (across services); confirm or let one go first.
  BOOKING_TOO_MANY_HOLDS: { status: 409, messageKey: 'booking.errors.tooManyHolds' },
  // Booking: the patient already has a live booking of this service (move it instead).
  BOOKING_ALREADY_BOOKED: { status: 409, messageKey: 'booking.errors.alreadyBooked' },
  // Booking: too close to the appointment to move or cancel it.
  BOOKING_CUTOFF_PASSED: { status: 409, messageKey: 'booking.errors.cutoffPassed' },
  // Booking: an appointment that has not started yet cannot be marked attended or missed (decision 085).
  BOOKING_NOT_STARTED: { status: 409, messageKey: 'booking.errors.notStarted' },
  // Booking: the held slot was let go (its minutes ran out, or a newer hold replaced it).
  BOOKING_HOLD_EXPIRED: { status: 410, messageKey: 'booking.errors.holdExpired' },
  // Booking: the booking changed since the patient saw it (moved or cancelled elsewhere, e.g. a second tap).
  BOOKING_CHANGED: { status: 409, messageKey: 'booking.errors.changed' },
  DOSE_NOT_APPROVED: { status: 422, messageKey: 'signup.details.doseNotApproved' },
  // Enrolment: the same idempotency key was sent again with a different payload.
  IDEMPOTENCY_KEY_REUSED: { status: 409, messageKey: 'errors.idempotencyKeyReused' },
  // Actions on an opened record (decision 078): the welcome mail of an enrolment already confirmed (the patient logs in,
  // or uses "Forgot your password?").
  STAFF_ENROLMENT_ALREADY_CONFIRMED: { status: 409, messageKey: 'staff.errors.enrolmentAlreadyConfirmed' },
  // A clinical note by someone who is not a nurse of the program.
  STAFF_CLINICAL_NOTE_FORBIDDEN: { status: 403, messageKey: 'staff.errors.clinicalNoteForbidden' },
  // A coupon link for a benefit that is not a general benefit of the patient's plan and country, or a plan not active.
  STAFF_COUPON_NOT_AVAILABLE: { status: 422, messageKey: 'staff.errors.couponNotAvailable' },
  // The staff directory (decision 068). A refused e-mail and password, the same whether the e-mail is known or not
  // (details.reason: INVALID_CREDENTIALS or LOCKED, with retryAfterSeconds).
  STAFF_LOGIN_REFUSED: { status: 400, messageKey: 'staff.errors.loginRefused' },
  // A second factor refused: a wrong, replayed or used code, or a login challenge that is unknown, used or expired.
  STAFF_CODE_REFUSED: { status: 400, messageKey: 'staff.errors.codeRefused' },
  // Five wrong codes: the staff member's second factor is locked for 15 minutes on every instance (retryAfterSeconds).
  STAFF_SECOND_FACTOR_LOCKED: { status: 429, messageKey: 'staff.errors.secondFactorLocked' },
  // A set-up link that is forged, used, superseded or expired (24 hours).
  STAFF_SETUP_LINK_INVALID: { status: 410, messageKey: 'staff.errors.setupLinkInvalid' },
  // An action on a patient whose record this staff session has not opened with a reason (decision 074).
  STAFF_RECORD_NOT_OPENED: { status: 403, messageKey: 'staff.errors.recordNotOpened' },
  // Assisted recovery (decision 076): the caller's answers did not match the record (the fields say which; a new
  // e-mail needs all three). details.confirmation: which matched.
  STAFF_IDENTITY_NOT_CONFIRMED: { status: 422, messageKey: 'staff.errors.identityNotConfirmed' },
  // An admin disabling themselves, resetting their own second factor, or removing their own last admin role (decision 077).
  STAFF_SELF_REFUSED: { status: 409, messageKey: 'staff.errors.selfRefused' },
  // The outreach list (decision 080): the entry is claimed by another agent (until their claim lapses), or the patient
  // is not on the list (any more).
  OUTREACH_TAKEN: { status: 409, messageKey: 'staff.errors.outreachTaken' },
  OUTREACH_NOT_LISTED: { status: 409, messageKey: 'staff.errors.outreachNotListed' },
} as const satisfies Record<string, { status: number; messageKey: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

export const FieldErrorsSchema = z.record(z.string(), z.array(z.string()));

export const ErrorBodySchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    /** A message key (never an internal message); the screen translates it. */
    message: z.string(),
    /** Present on 5xx: the id the server logs carry for this failure. */
    errorId: z.string().optional(),
    fieldErrors: FieldErrorsSchema.optional(),
    /** Extra, code-specific data (e.g. call-center phones for PTP00197). */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export function statusOf(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}
