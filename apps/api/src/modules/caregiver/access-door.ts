// The patient door's side of a caregiver's own login (decision 092): an account of the pool that is no patient's may be
// a caregiver's; its live, accepted access names whose care it is. One statement per call, no cache: a change of the
// areas or the end of the access holds from the caregiver's next call on every instance (ending it also ends the
// sessions, which the session cache hears of, decision 031).
import type { Language } from '@portal/contracts/enums';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PatientCaller, PatientScope } from '../../platform/patient-auth.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { isMinor, orderedAreas } from './areas.ts';
import { prepareCaregiverScope } from './access-repository.ts';

/** A session's account, as the door authenticated it. */
export interface CaregiverSession {
  userId: string;
  sessionId: string;
  poolId: number;
}

/** Resolves a caregiver's session to the caregiver as actor and the patient as scope, or UNAUTHENTICATED. */
export function createCaregiverResolver(db: Db, clock: () => Date) {
  const scopeOfCaregiver = prepareCaregiverScope(db);
  return async (program: ProgramRow, session: CaregiverSession): Promise<PatientCaller> => {
    const [row] = await scopeOfCaregiver.execute({ userId: session.userId });
    const birthDate = row ? String(row.birthDate).slice(0, 10) : '';
    if (
      !row ||
      row.programId !== program.id ||
      row.poolId !== session.poolId ||
      row.patientStatus === 'DISABLED' ||
      // A minor's caregiver's access ends on the 18th birthday at once, before the round that records it has run.
      (row.grantedForMinor && !isMinor(birthDate, row.country, clock()))
    )
      throw new AppError('UNAUTHENTICATED');
    const scope: PatientScope = {
      programId: program.id,
      userId: row.patientUserId,
      poolId: row.poolId,
      patientId: row.patientId,
      planPatientId: row.planId,
      supportPlanId: row.supportPlanId,
      country: row.country,
      identificationType: row.typeIdentification,
      identificationNumber: row.legalIdentification,
      birthDate,
      contactEmail: row.email,
      language: row.language as Language,
    };
    return {
      actor: {
        kind: 'caregiver',
        userId: session.userId,
        sessionId: session.sessionId,
        accessId: row.accessId,
        areas: orderedAreas(row.areas),
      },
      scope,
    };
  };
}

export type CaregiverResolver = ReturnType<typeof createCaregiverResolver>;
