// Identity's part of the patient's data (decision 033): the pools and their keys, the sessions and the recovery links.
// Nothing of it is in the export; the purge deletes the recovery links and keeps the sessions, revoked at closing.
import { eq } from 'drizzle-orm';
import { passwordReset } from '../../db/schema.ts';
import { definePatientData } from '../../platform/patient-data.ts';

export const IDENTITY_PATIENT_DATA = definePatientData({
  tables: {
    identityPool: { holds: 'no patient data', why: "a program's account pool and issuer" },
    signingKey: { holds: 'no patient data', why: "a pool's token signing keys" },
    session: {
      holds: 'patient data',
      export: {
        omitted:
          'hashes of refresh tokens (secrets), times and the device as a browser and a system word (decision 044, shown in my sessions); the logins they come from are in `activity`',
      },
      purge: {
        kept: 'revoked when the account closes; token hashes, times and a browser and a system word, no personal value',
      },
    },
    passwordReset: {
      holds: 'patient data',
      export: { omitted: 'a link’s nonce hash and times: a secret, no personal value' },
      purge: 'deleted',
    },
  },
  async purge(tx, { userId }) {
    await tx.delete(passwordReset).where(eq(passwordReset.userId, userId));
  },
});
