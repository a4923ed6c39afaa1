// Pre-registered patients (signup?v=ppr): what the program holds before the patient has an account, and the
// invitation that lets the patient complete it. The link works as the recovery link does (a random nonce stored
// only as a hash, its HMAC in the link), lasts PREREGISTRATION_LINK_TTL_MS and is used up by the enrolment.
import { PREREGISTRATION_LINK_TTL_MS } from '@portal/contracts/constants';
import type { Language } from '@portal/contracts/enums';
import {
  PreregisteredPatientSchema,
  type PreregisteredPatient,
  type PreregistrationLink,
} from '@portal/contracts/signup';
import type { AppConfig } from '../../config.ts';
import { and, desc, eq } from 'drizzle-orm';
import { preregistration } from '../../db/schema.ts';
import type { Db, Executor } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { PREREGISTRATION } from './mails.ts';
import { issueSignedPageLink } from '../../platform/mail/render.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { nonceHashOfSignedLink } from '../../platform/crypto.ts';
import * as repo from './repository.ts';
import { systemActor, type Actor } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';

type LinkConfig = Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>;

export interface PreregisterOptions {
  program: Pick<ProgramRow, 'id' | 'slug'>;
  /** What the program holds; the plan must be one of the program's. */
  data: PreregisteredPatient;
  language: Language;
  now: Date;
  config: LinkConfig;
  /** Who pre-registers: the operator's command unless said. */
  actor?: Actor;
  /** More to write in the pre-registration's transaction (the console's access-log row, decision 078). */
  alsoInTransaction?: (tx: Executor) => Promise<void>;
}

/**
 * Records a pre-registration and queues its invitation mail, in the caller's transaction when given one.
 * Returns the link (for the operator's own records; it is also mailed to the patient).
 */
export async function preregisterPatient(db: Db, options: PreregisterOptions): Promise<{ id: number; link: string }> {
  const { program, language, now, config } = options;
  const data = PreregisteredPatientSchema.parse(options.data);
  const plan = await repo.findSupportPlan(db, program.id, data.supportPlanId);
  if (!plan) throw new AppError('SUPPORT_PLAN_NOT_FOUND');
  if (plan.country !== data.country) throw new AppError('VALIDATION_FAILED', { country: ['signup.country.required'] });
  const link = issueSignedPageLink(
    config,
    'preregistration-link',
    { slug: program.slug, language, path: '/signup', query: { v: 'ppr' } },
    { now, ttlMs: PREREGISTRATION_LINK_TTL_MS },
  );
  const patientName =
    [data.personalInfo?.firstName, data.personalInfo?.lastName].filter(Boolean).join(' ') || data.email;
  const id = await db.transaction(async (t) => {
    const inserted = await repo.insertPreregistration(t, {
      programId: program.id,
      supportPlanId: plan.id,
      email: data.email,
      data,
      language,
      ...link.stored,
    });
    await enqueueMail(
      t,
      {
        programId: program.id,
        kind: PREREGISTRATION,
        recipient: data.email,
        language,
        payload: { link: link.url, patientName },
      },
      { publicUrl: config.PUBLIC_URL },
    );
    await recordAudit(t, {
      programId: program.id,
      actor: options.actor ?? systemActor('patients:preregister'),
      action: 'preregistration',
      subject: `preregistration:${inserted}`,
      detail: { supportPlanId: plan.id },
      createdAt: now,
    });
    await options.alsoInTransaction?.(t);
    return inserted;
  });
  return { id, link: link.url };
}

/** The usable invitation a link names in this program, or PREREGISTRATION_LINK_INVALID (unknown, forged, used, expired). */
export async function openPreregistration(
  db: Db,
  program: Pick<ProgramRow, 'id'>,
  link: PreregistrationLink,
  now: Date,
  config: LinkConfig,
) {
  const nonceHash = nonceHashOfSignedLink(config.signingKeys, 'preregistration-link', link.n, link.s);
  if (!nonceHash) throw new AppError('PREREGISTRATION_LINK_INVALID');
  const row = await repo.findOpenPreregistration(db, program.id, nonceHash, now);
  if (!row) throw new AppError('PREREGISTRATION_LINK_INVALID');
  const data = PreregisteredPatientSchema.safeParse(row.data);
  // Held data that no longer fits the contracts is not shown half-read: the invitation cannot be used.
  if (!data.success) throw new AppError('PREREGISTRATION_LINK_INVALID');
  return { id: row.id, email: row.email, data: data.data };
}

/** An invitation's state: used by an enrolment, past its date unused, or still waiting for the patient. */
export function invitationStateOf(
  row: { usedAt: Date | null; patientId: number | null; expiresAt: Date },
  now: Date,
): 'pending' | 'enrolled' | 'expired' {
  if (row.usedAt !== null || row.patientId !== null) return 'enrolled';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

/** The program's invitations to this e-mail, newest first, with their states (the console's pre-registrations). */
export async function listInvitationsOfEmail(db: Executor, programId: number, email: string, now: Date) {
  const rows = await db
    .select({
      id: preregistration.id,
      email: preregistration.email,
      createdAt: preregistration.createdAt,
      expiresAt: preregistration.expiresAt,
      usedAt: preregistration.usedAt,
      patientId: preregistration.patientId,
    })
    .from(preregistration)
    .where(and(eq(preregistration.programId, programId), eq(preregistration.email, email.toLowerCase())))
    .orderBy(desc(preregistration.createdAt), desc(preregistration.id))
    .limit(20);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    state: invitationStateOf(row, now),
  }));
}
