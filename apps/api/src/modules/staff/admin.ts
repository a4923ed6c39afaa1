// The admin's side of the console (decision 077): the staff members of the programs where the caller is admin (add one
// with a set-up link, change their roles there, disable them, reset their second factor), each member's access log in
// those programs, and the host program's pharmacies and their keys. Members are made by members.ts as `staff:add`
// makes them; pharmacies and keys by the pharmacy module's functions, as the `pharmacies:*` commands make them. A
// disabled member or a reset second factor ends the member's sessions in the same transaction, and the staff door
// checks every session in the database on every call, so the end holds at once on every instance.
import type { StaffProgramRole, StaffAddPharmacyBody, StaffMemberStatus } from '@portal/contracts/staff-admin';
import { STAFF_ADMIN_LOG_LIMIT } from '@portal/contracts/staff-admin';
import type { StaffAccessKind, StaffAccessReason } from '@portal/contracts/staff-records';
import type { StaffRole } from '@portal/contracts/staff';
import { maskIdentificationNumber } from '@portal/contracts/patient-identification';
import type { AppConfig } from '../../config.ts';
import type { ProgramRow } from '../../platform/programs.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, uniqueViolationOf } from '../../platform/errors.ts';
import type { MailLanguage } from '../../platform/mail/outbox.ts';
import {
  createPharmacyKey,
  insertPharmacy,
  keyEnvironmentOf,
  keyPrefixOf,
  listPharmaciesOfProgram,
  revokePharmacyKey,
} from '../pharmacy/public.ts';
import { listAccessLogOfMember } from './access-log.ts';
import type { StaffCaller } from './door.ts';
import { addStaffMember, issueSetupLink } from './members.ts';
import * as repo from './repository.ts';
import type { StaffService } from './service.ts';

export interface StaffAdminDeps {
  db: Db;
  /** The directory's rules: disabling a member is its. */
  staff: Pick<StaffService, 'disable' | 'enable'>;
  clock: () => Date;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys' | 'NODE_ENV'>;
  /** The programs (the registry the hosts resolve through). */
  programs: { all(): ProgramRow[] };
}

type ProgramRef = { id: number; slug: string; name: string };

const fieldError = (field: string, key: string) => new AppError('VALIDATION_FAILED', { [field]: [key] });

export function createStaffAdminService({ db, staff, clock, config, programs }: StaffAdminDeps) {
  const programOfId = (id: number) => programs.all().find((row) => row.id === id);

  /** The programs where the caller is admin. */
  function adminPrograms(caller: StaffCaller): ProgramRef[] {
    const ids = new Set(caller.roles.filter((held) => held.role === 'admin').map((held) => held.programId));
    const answer: ProgramRef[] = [];
    for (const id of ids) {
      const found = programOfId(id);
      if (found) answer.push({ id: found.id, slug: found.slug, name: found.name });
    }
    return answer.sort((a, b) => a.slug.localeCompare(b.slug));
  }

  /** Roles as the admin grants them, checked: each program must be one of the admin's (403 otherwise). */
  function grantedRoles(caller: StaffCaller, roles: readonly StaffProgramRole[]) {
    const mine = new Map(adminPrograms(caller).map((owned) => [owned.slug, owned]));
    return roles.map(({ program, role }) => {
      const owned = mine.get(program);
      if (!owned) throw new AppError('FORBIDDEN');
      return { programId: owned.id, slug: owned.slug, role };
    });
  }

  async function membersView(caller: StaffCaller, staffId?: string) {
    const scope = adminPrograms(caller);
    const ids = scope.map((owned) => owned.id);
    const rows = await repo.listMembersOfPrograms(db, ids, staffId);
    const roles = await repo.rolesInPrograms(
      db,
      rows.map((row) => row.id),
      ids,
    );
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      status: (row.status === 'disabled'
        ? 'disabled'
        : row.totpSecretEnc
          ? 'active'
          : 'invited') satisfies StaffMemberStatus as StaffMemberStatus,
      lastLoginAt: row.lastLoginAt === null ? null : new Date(row.lastLoginAt).toISOString(),
      roles: roles
        .filter((held) => held.staffId === row.id)
        .map((held) => ({ program: { slug: held.slug, name: held.name }, role: held.role as StaffRole })),
    }));
  }

  /** A member of the admin's programs; 404 for anyone else (another program's, or no one). */
  async function memberOf(caller: StaffCaller, staffId: string) {
    const [member] = await membersView(caller, staffId);
    if (!member) throw new AppError('NOT_FOUND');
    return member;
  }

  const notSelf = (caller: StaffCaller, staffId: string) => {
    if (caller.actor.staffId === staffId) throw new AppError('STAFF_SELF_REFUSED');
  };

  /** The host a set-up link opens on: the admin's (when the member has a role there), else the first granted. */
  const linkProgramOf = (host: ProgramRef, granted: { programId: number; slug: string }[]) =>
    granted.find((held) => held.programId === host.id) ?? granted[0]!;

  async function pharmacyOf(host: ProgramRef, pharmacyId: number) {
    const [found] = await listPharmaciesOfProgram(db, host.id, pharmacyId);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  return {
    async listMembers(caller: StaffCaller) {
      return {
        members: await membersView(caller),
        programs: adminPrograms(caller).map(({ slug, name }) => ({ slug, name })),
      };
    },

    getMember: memberOf,

    /**
     * Adds a member with roles in the admin's programs, as `staff:add` does: the set-up link is mailed and answered
     * once. An e-mail already in the directory is refused on the field.
     */
    async addMember(
      caller: StaffCaller,
      host: ProgramRef,
      body: { email: string; roles: StaffProgramRole[]; language: MailLanguage },
    ) {
      const granted = grantedRoles(caller, body.roles);
      const taken = () => fieldError('email', 'staff.admin.email.taken');
      if (await repo.findMemberByEmail(db, body.email)) throw taken();
      const linkProgram = linkProgramOf(host, granted);
      let added: Awaited<ReturnType<typeof addStaffMember>>;
      try {
        added = await addStaffMember(
          db,
          { config, now: clock() },
          {
            email: body.email,
            roles: granted.map(({ programId, role }) => ({ programId, role })),
            linkProgram: { id: linkProgram.programId, slug: linkProgram.slug },
            language: body.language,
            actor: caller.actor,
          },
        );
      } catch (error) {
        if (uniqueViolationOf(error) !== 'staff_member_email_uq') throw error;
        throw taken();
      }
      return {
        member: await memberOf(caller, added.staffId),
        setup: { link: added.link.url, expiresAt: added.link.expiresAt.toISOString() },
      };
    },

    /**
     * Sets the member's roles in the admin's programs (their roles elsewhere stay). A member left with no role in the
     * admin's programs leaves this admin's list; an admin may not remove their own last admin role.
     */
    async setRoles(caller: StaffCaller, staffId: string, roles: StaffProgramRole[]) {
      await memberOf(caller, staffId);
      const granted = grantedRoles(caller, roles);
      const scope = adminPrograms(caller).map((owned) => owned.id);
      // The scope is every program where the caller is admin: their own roles set here must keep one admin role.
      if (caller.actor.staffId === staffId && !granted.some((held) => held.role === 'admin'))
        throw new AppError('STAFF_SELF_REFUSED');
      const now = clock();
      await db.transaction(async (tx) => {
        await repo.replaceRolesInPrograms(
          tx,
          staffId,
          scope,
          granted.map(({ programId, role }) => ({ programId, role })),
          now,
        );
        await recordAudit(tx, {
          programId: null,
          actor: caller.actor,
          action: 'staff-roles-changed',
          subject: `staff:${staffId}`,
          detail: { roles: granted.map(({ programId, role }) => `${role}:${programId}`), programs: scope },
          createdAt: now,
        });
      });
      const [member] = await membersView(caller, staffId);
      return { member: member ?? null };
    },

    /** Disables the member: every session of theirs ends in the same transaction, and they cannot log in again. */
    async disable(caller: StaffCaller, staffId: string) {
      notSelf(caller, staffId);
      await memberOf(caller, staffId);
      // The directory's own rule (service.ts): the member and every session of theirs, in one transaction.
      await staff.disable(staffId, caller.actor);
      return { member: await memberOf(caller, staffId) };
    },

    /** Re-enables a disabled member: they log in again as before; the sessions the disabling ended stay ended. */
    async enable(caller: StaffCaller, staffId: string) {
      await memberOf(caller, staffId);
      await staff.enable(staffId, caller.actor);
      return { member: await memberOf(caller, staffId) };
    },

    /**
     * Resets the member's second factor: the authenticator and the recovery codes are forgotten, every session ends,
     * and a fresh set-up link (which supersedes any open one) is mailed and answered once.
     */
    async resetSecondFactor(caller: StaffCaller, host: ProgramRef, staffId: string, language: MailLanguage) {
      notSelf(caller, staffId);
      const member = await memberOf(caller, staffId);
      if (member.status === 'disabled') throw new AppError('NOT_FOUND');
      const granted = member.roles.map((held) => ({
        programId: adminPrograms(caller).find((owned) => owned.slug === held.program.slug)!.id,
        slug: held.program.slug,
      }));
      const linkProgram = linkProgramOf(host, granted);
      const now = clock();
      const { link, sessionsEnded } = await db.transaction(async (tx) => {
        if (!(await repo.resetSecondFactor(tx, staffId, now))) throw new AppError('NOT_FOUND');
        const ended = await repo.endSessionsOf(tx, staffId, 'second-factor-reset', now);
        const issued = await issueSetupLink(
          tx,
          { config, now },
          { staffId, email: member.email },
          { id: linkProgram.programId, slug: linkProgram.slug },
          language,
        );
        await recordAudit(tx, {
          programId: null,
          actor: caller.actor,
          action: 'staff-second-factor-reset',
          subject: `staff:${staffId}`,
          detail: { sessionsEnded: ended },
          createdAt: now,
        });
        return { link: issued, sessionsEnded: ended };
      });
      return {
        member: await memberOf(caller, staffId),
        setup: { link: link.url, expiresAt: link.expiresAt.toISOString() },
        sessionsEnded,
      };
    },

    /** The member's latest entries in the admin's programs, newest first; the patient's identification masked. */
    async memberLog(caller: StaffCaller, staffId: string) {
      const member = await memberOf(caller, staffId);
      const scope = adminPrograms(caller).map((owned) => owned.id);
      const rows = await listAccessLogOfMember(db, staffId, scope, STAFF_ADMIN_LOG_LIMIT);
      return {
        member,
        entries: rows.slice(0, STAFF_ADMIN_LOG_LIMIT).map((row) => ({
          at: row.at.toISOString(),
          what: row.what as StaffAccessKind,
          program: { slug: row.programSlug, name: row.programName },
          patient:
            row.patientId === null
              ? null
              : {
                  id: row.patientId,
                  name: [row.firstName, row.lastName, row.secondLastName].filter(Boolean).join(' '),
                  identification: {
                    type: row.typeIdentification!,
                    masked: maskIdentificationNumber(row.legalIdentification!),
                  },
                },
          reason: row.reason as StaffAccessReason | null,
          reasonText: row.reasonText,
        })),
        isTruncated: rows.length > STAFF_ADMIN_LOG_LIMIT,
      };
    },

    // --- pharmacies ---------------------------------------------------------------------------------------------

    async listPharmacies(host: ProgramRow) {
      return { pharmacies: await listPharmaciesOfProgram(db, host.id), countries: [...host.countries] };
    },

    /** Adds a pharmacy to the host's program in one of its countries (the same name twice in a country is refused). */
    async addPharmacy(caller: StaffCaller, host: ProgramRow, body: StaffAddPharmacyBody) {
      if (!host.countries.includes(body.country)) throw fieldError('country', 'staff.admin.pharmacy.country.invalid');
      let pharmacyId: number;
      try {
        pharmacyId = await insertPharmacy(
          db,
          { programId: host.id, name: body.name, country: body.country, chain: body.chain, branch: body.branch },
          clock(),
          caller.actor,
        );
      } catch (error) {
        if (uniqueViolationOf(error) !== 'pharmacy_program_name_uq') throw error;
        throw fieldError('name', 'staff.admin.pharmacy.name.taken');
      }
      return { pharmacy: await pharmacyOf(host, pharmacyId) };
    },

    /** A new key of the host program's pharmacy: the whole key is answered once, and stored only as its hash. */
    async issueKey(caller: StaffCaller, host: ProgramRef, pharmacyId: number) {
      await pharmacyOf(host, pharmacyId);
      const { key, prefix } = await createPharmacyKey(db, config.signingKeys, {
        pharmacyId,
        programId: host.id,
        environment: keyEnvironmentOf(config.NODE_ENV),
        now: clock(),
        actor: caller.actor,
      });
      return { pharmacy: await pharmacyOf(host, pharmacyId), key, prefix };
    },

    /** Revokes a live key of the host program's pharmacy: refused by every instance from the commit on. */
    async revokeKey(caller: StaffCaller, host: ProgramRef, pharmacyId: number, keyId: number) {
      const prefix = await keyPrefixOf(db, host.id, pharmacyId, keyId);
      if (!prefix) throw new AppError('NOT_FOUND');
      // Revoking a key already revoked changes nothing and answers the pharmacy as it stands.
      await revokePharmacyKey(db, prefix, clock(), caller.actor);
      return { pharmacy: await pharmacyOf(host, pharmacyId) };
    },
  };
}

export type StaffAdminService = ReturnType<typeof createStaffAdminService>;
