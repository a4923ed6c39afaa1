// The operators' pharmacy commands (decision 059), apart from the process (scripts/pharmacies.ts runs them):
//   npm run pharmacies:add -- <slug> "<name>" <country> [--chain "<chain>"] [--branch "<branch>"]   prints its first key
//   npm run pharmacies:key -- <pharmacyId>                                                          prints a new key
//   npm run pharmacies:revoke -- <key prefix>                                                       revokes that key
// Exit status 2 for a usage error, 1 for a refusal. A key is printed once and never stored whole.
import { and, eq } from 'drizzle-orm';
import { CountryCodeSchema } from '@portal/contracts/enums';
import { PHARMACY_KEY_PREFIX_PATTERN } from '@portal/contracts/pharmacy-key';
import type { AppConfig } from '../../config.ts';
import { pharmacy, program } from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { uniqueViolationOf } from '../../platform/errors.ts';
import { createPharmacyKey, insertPharmacy, keyEnvironmentOf, revokePharmacyKey } from './keys.ts';

export const PHARMACY_COMMANDS = ['add', 'key', 'revoke'] as const;
export type PharmacyCommand = (typeof PHARMACY_COMMANDS)[number];

export const PHARMACY_USAGE: Record<PharmacyCommand, string> = {
  add: 'usage: npm run pharmacies:add -- <program-slug> "<name>" <country> [--chain "<chain>"] [--branch "<branch>"]',
  key: 'usage: npm run pharmacies:key -- <pharmacyId>',
  revoke: 'usage: npm run pharmacies:revoke -- <key prefix, e.g. psp_live_AbCd1234>',
};

export interface CommandResult {
  status: number;
  stdout: string;
  stderr: string;
}

export interface PharmacyCommandDeps {
  db: Db;
  config: Pick<AppConfig, 'NODE_ENV' | 'signingKeys'>;
  now: Date;
}

const ID = /^[1-9][0-9]{0,15}$/;
const NAME_MAX = 120;

/** `--chain x --branch y` after the positional arguments; undefined when something else is there. */
function optionsOf(rest: string[]): { chain?: string; branch?: string } | undefined {
  const options: { chain?: string; branch?: string } = {};
  for (let index = 0; index < rest.length; index += 2) {
    const [flag, value] = [rest[index], rest[index + 1]];
    if ((flag !== '--chain' && flag !== '--branch') || !value?.trim() || value.length > NAME_MAX) return undefined;
    options[flag === '--chain' ? 'chain' : 'branch'] = value.trim();
  }
  return options;
}

const printKey = (key: string) =>
  `${key}\n(shown once: give it to the pharmacy's counter; it cannot be shown again. Its prefix, for revoking it, is ${key.slice(0, 17)})`;

export async function pharmacyCommand(
  command: PharmacyCommand,
  args: string[],
  deps: PharmacyCommandDeps,
): Promise<CommandResult> {
  const usage = { status: 2, stdout: '', stderr: PHARMACY_USAGE[command] };
  const environment = keyEnvironmentOf(deps.config.NODE_ENV);
  switch (command) {
    case 'add': {
      const [slug, name, countryArg, ...rest] = args;
      const country = CountryCodeSchema.safeParse(countryArg);
      const options = optionsOf(rest);
      if (!slug || !name?.trim() || name.length > NAME_MAX || !country.success || !options) return usage;
      const [owner] = await deps.db
        .select({ id: program.id, countries: program.countries })
        .from(program)
        .where(eq(program.slug, slug));
      if (!owner) return { status: 1, stdout: '', stderr: `refused: no program "${slug}"` };
      if (!owner.countries.includes(country.data))
        return { status: 1, stdout: '', stderr: `refused: ${slug} does not serve ${country.data}` };
      let pharmacyId: number;
      try {
        pharmacyId = await insertPharmacy(
          deps.db,
          { programId: owner.id, name: name.trim(), country: country.data, ...options },
          deps.now,
        );
      } catch (error) {
        if (uniqueViolationOf(error) !== 'pharmacy_program_name_uq') throw error;
        return {
          status: 1,
          stdout: '',
          stderr: `refused: ${slug} already has a pharmacy "${name.trim()}" in ${country.data}`,
        };
      }
      const { key } = await createPharmacyKey(deps.db, deps.config.signingKeys, {
        pharmacyId,
        programId: owner.id,
        environment,
        now: deps.now,
      });
      return { status: 0, stdout: `pharmacy ${pharmacyId}\n${printKey(key)}`, stderr: '' };
    }
    case 'key': {
      const [idArg, ...rest] = args;
      if (!idArg || !ID.test(idArg) || rest.length > 0) return usage;
      const [row] = await deps.db
        .select({ id: pharmacy.id, programId: pharmacy.programId })
        .from(pharmacy)
        .where(and(eq(pharmacy.id, Number(idArg))));
      if (!row) return { status: 1, stdout: '', stderr: `refused: no pharmacy ${idArg}` };
      const { key } = await createPharmacyKey(deps.db, deps.config.signingKeys, {
        pharmacyId: row.id,
        programId: row.programId,
        environment,
        now: deps.now,
      });
      return { status: 0, stdout: printKey(key), stderr: '' };
    }
    case 'revoke': {
      const [prefix, ...rest] = args;
      if (!prefix || !PHARMACY_KEY_PREFIX_PATTERN.test(prefix) || rest.length > 0) return usage;
      const revoked = await revokePharmacyKey(deps.db, prefix, deps.now);
      return revoked
        ? { status: 0, stdout: `revoked ${prefix}: refused from now on by every instance`, stderr: '' }
        : { status: 1, stdout: '', stderr: `refused: no live key ${prefix}` };
    }
  }
}
