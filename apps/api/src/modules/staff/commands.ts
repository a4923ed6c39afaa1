// `npm run staff:add -- <email> <role>:<program>[,<program>…] [<role>:<program>…] [--language es|en]` (decision 068),
// apart from the process (scripts/staff.ts runs it): makes a staff member with their roles, and a one-time set-up link
// (24 hours) on the host of the first role's program, printed and mailed through the outbox in one transaction
// (members.ts, which the admin's console uses too).
// Exit status 2 for a usage error, 1 for a refusal.
import { inArray } from 'drizzle-orm';
import { EmailSchema } from '@portal/contracts/identity';
import { STAFF_ROLES, StaffRoleSchema, type StaffRole } from '@portal/contracts/staff';
import type { AppConfig } from '../../config.ts';
import { program } from '../../db/schema.ts';
import { systemActor } from '../../platform/actor.ts';
import type { Db } from '../../platform/db.ts';
import { uniqueViolationOf } from '../../platform/errors.ts';
import type { MailLanguage } from '../../platform/mail/outbox.ts';
import { addStaffMember } from './members.ts';
import * as repo from './repository.ts';

export const STAFF_ADD_USAGE = [
  'usage: npm run staff:add -- <email> <role>:<program>[,<program>…] [<role>:<program>…] [--language es|en]',
  `  roles: ${STAFF_ROLES.join(', ')}; programs by their slug, e.g. agent:alivio,piel admin:alivio`,
].join('\n');

export interface CommandResult {
  status: number;
  stdout: string;
  stderr: string;
}

export interface StaffCommandDeps {
  db: Db;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'signingKeys'>;
  now: Date;
}

const ROLE_SPEC = /^([a-z]+):([a-z0-9-]+(?:,[a-z0-9-]+)*)$/;

type Parsed =
  | { ok: true; email: string; specs: { role: StaffRole; slugs: string[] }[]; language: MailLanguage }
  | { ok: false; problem: string };

/** The arguments, checked one by one, each refusal saying what was wrong. */
export function parseStaffAddArguments(args: readonly string[]): Parsed {
  const rest = [...args];
  let language: MailLanguage = 'es';
  const languageAt = rest.indexOf('--language');
  if (languageAt >= 0) {
    const value = rest[languageAt + 1];
    if (value !== 'es' && value !== 'en') return { ok: false, problem: '--language takes es or en' };
    language = value;
    rest.splice(languageAt, 2);
  }
  const unknownFlag = rest.find((arg) => arg.startsWith('--'));
  if (unknownFlag) return { ok: false, problem: `unknown option ${unknownFlag}` };
  const [emailArg, ...roleArgs] = rest;
  if (!emailArg) return { ok: false, problem: 'missing the e-mail' };
  const email = EmailSchema.safeParse(emailArg);
  if (!email.success) return { ok: false, problem: `not an e-mail: ${emailArg}` };
  if (roleArgs.length === 0) return { ok: false, problem: 'missing a role, as <role>:<program>' };
  const specs: { role: StaffRole; slugs: string[] }[] = [];
  const seen = new Set<string>();
  for (const arg of roleArgs) {
    const match = ROLE_SPEC.exec(arg);
    if (!match) return { ok: false, problem: `not <role>:<program>[,<program>…]: ${arg}` };
    const role = StaffRoleSchema.safeParse(match[1]);
    if (!role.success) return { ok: false, problem: `unknown role "${match[1]}" (roles: ${STAFF_ROLES.join(', ')})` };
    const slugs = match[2]!.split(',');
    for (const slug of slugs) {
      const key = `${role.data}:${slug}`;
      if (seen.has(key)) return { ok: false, problem: `${key} given twice` };
      seen.add(key);
    }
    specs.push({ role: role.data, slugs });
  }
  return { ok: true, email: email.data, specs, language };
}

export async function addStaffCommand(args: readonly string[], deps: StaffCommandDeps): Promise<CommandResult> {
  const parsed = parseStaffAddArguments(args);
  if (!parsed.ok) return { status: 2, stdout: '', stderr: `${parsed.problem}\n${STAFF_ADD_USAGE}` };
  const { email, specs, language } = parsed;
  const slugs = [...new Set(specs.flatMap((spec) => spec.slugs))];
  const programs = await deps.db
    .select({ id: program.id, slug: program.slug })
    .from(program)
    .where(inArray(program.slug, slugs));
  const idOf = new Map(programs.map((row) => [row.slug, row.id]));
  const unknown = slugs.filter((slug) => !idOf.has(slug));
  if (unknown.length > 0)
    return {
      status: 1,
      stdout: '',
      stderr: `refused: no program ${unknown.join(', ')} (the programs are seeded by the portal's first start)`,
    };
  if (await repo.findMemberByEmail(deps.db, email))
    return { status: 1, stdout: '', stderr: `refused: ${email} is already in the staff directory` };
  const roles = specs.flatMap(({ role, slugs: of }) => of.map((slug) => ({ programId: idOf.get(slug)!, role })));
  const firstProgram = specs[0]!.slugs[0]!;
  let added: Awaited<ReturnType<typeof addStaffMember>>;
  try {
    added = await addStaffMember(deps.db, deps, {
      email,
      roles,
      linkProgram: { id: idOf.get(firstProgram)!, slug: firstProgram },
      language,
      actor: systemActor('staff:add'),
    });
  } catch (error) {
    // Two runs at once for one e-mail: the unique index decides.
    if (uniqueViolationOf(error) !== 'staff_member_email_uq') throw error;
    return { status: 1, stdout: '', stderr: `refused: ${email} is already in the staff directory` };
  }
  const { staffId, link } = added;
  return {
    status: 0,
    stdout: [
      `staff ${staffId}: ${roles.length} role${roles.length === 1 ? '' : 's'}`,
      'Set-up link (valid 24 hours, once; also mailed to the address):',
      link.url,
    ].join('\n'),
    stderr: '',
  };
}
