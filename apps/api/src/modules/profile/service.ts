// Profile changes (decision 018): the patient edits contact data, the spelling of the names, gender and language.
// Identification, birth date and country are the program's record (changed through the call center only).
import type { CountryCode, Language } from '@portal/contracts/enums';
import type { NoticePreferences } from '@portal/contracts/notices';
import type { ProfileUpdate, ProfileUpdateView } from '@portal/contracts/profile';
import type { Location } from '@portal/contracts/patient-fields';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { CareCall, PatientScope } from '../../platform/patient-auth.ts';
import * as repo from './repository.ts';
import { recordScopeAudit } from '../../platform/audit.ts';

export interface ProfileDeps {
  db: Db;
  clock: () => Date;
  /** The address search's places (the same gazetteer as enrolment). */
  findLocation: (id: string, language: Language) => Promise<Location | undefined>;
}

export function createProfileService({ db, clock, findLocation }: ProfileDeps) {
  return {
    /** How booking notices reach the caller (decision 058, addendum), and the refill reminders (decision 061). */
    async noticePreferences(scope: PatientScope): Promise<NoticePreferences> {
      const row = await repo.findNoticePreferences(db, scope.patientId);
      if (!row) throw new AppError('NOT_FOUND');
      return { channel: row.channel, reminders: row.reminders, refillReminders: row.refillReminders };
    },

    /** SMS and WhatsApp go to the main phone: without one, only e-mail may be chosen. */
    async updateNoticePreferences({ scope, actor }: CareCall, input: NoticePreferences): Promise<NoticePreferences> {
      const now = clock();
      return db.transaction(async (t) => {
        const current = await repo.findNoticePreferences(t, scope.patientId);
        if (!current) throw new AppError('NOT_FOUND');
        if (input.channel !== 'email' && !current.phoneNumber)
          throw new AppError('VALIDATION_FAILED', { channel: ['profile.notices.noPhone'] });
        await repo.updatePatient(t, scope.patientId, {
          noticeChannel: input.channel,
          bookingReminders: input.reminders,
          refillReminders: input.refillReminders,
          updatedAt: now,
        });
        await recordScopeAudit(t, scope, actor, {
          action: 'notice-preferences-changed',
          detail: { channel: input.channel, reminders: input.reminders, refillReminders: input.refillReminders },
          createdAt: now,
        });
        return { channel: input.channel, reminders: input.reminders, refillReminders: input.refillReminders };
      });
    },

    /** The language of the patient's screens becomes that of their profile and their notices (issue 38). */
    async updateLanguage({ scope, actor }: CareCall, language: Language): Promise<{ language: Language }> {
      const now = clock();
      await db.transaction(async (t) => {
        const updated = await repo.updatePatient(t, scope.patientId, { language, updatedAt: now });
        if (!updated) throw new AppError('NOT_FOUND');
        await repo.updateAccountLanguage(t, scope.userId, language, now);
        await recordScopeAudit(t, scope, actor, {
          action: 'profile-updated',
          subject: `patient:${scope.patientId}`,
          createdAt: now,
        });
      });
      return { language };
    },

    async update({ scope, actor }: CareCall, input: ProfileUpdate): Promise<ProfileUpdateView> {
      let address: ProfileUpdateView['address'] = null;
      if (input.address) {
        // The place is read again from the gazetteer by its id, and must be of the patient's country.
        const location = await findLocation(input.address.location.id, 'es');
        if (!location || location.country !== scope.country)
          throw new AppError('VALIDATION_FAILED', { 'address.location': ['signup.address.search.required'] });
        address = { line: input.address.line, location };
      }
      const now = clock();
      const row = await db.transaction(async (t) => {
        const updated = await repo.updatePatient(t, scope.patientId, {
          firstName: input.firstName,
          lastName: input.lastName,
          secondLastName: input.secondSurname,
          gender: input.gender,
          language: input.language,
          emailAlternative: input.emailAlternative,
          phoneCountry: input.phone.country,
          phoneNumber: input.phone.phoneNumber,
          phoneAlternative: input.phoneAlternative,
          address,
          updatedAt: now,
        });
        if (!updated) throw new AppError('NOT_FOUND');
        // The e-mails the portal sends follow the account's language.
        await repo.updateAccountLanguage(t, scope.userId, input.language, now);
        await recordScopeAudit(t, scope, actor, {
          action: 'profile-updated',
          subject: `patient:${scope.patientId}`,
          createdAt: now,
        });
        return updated;
      });
      const phoneCountry = row.phoneCountry as CountryCode;
      return {
        firstName: row.firstName,
        lastName: row.lastName,
        secondSurname: row.secondLastName,
        gender: input.gender,
        language: input.language,
        emailAlternative: row.emailAlternative,
        phone: { country: phoneCountry, phoneNumber: row.phoneNumber ?? '' },
        phoneAlternative: row.phoneAlternative ? { country: phoneCountry, phoneNumber: row.phoneAlternative } : null,
        address,
      };
    },
  };
}
