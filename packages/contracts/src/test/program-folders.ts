// The repository's program folders, read by the contracts' tests that check every program's files.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProgramConfigSchema, type ProgramConfig } from '../program-files.ts';

export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The slug of every program in the repository. */
export const PROGRAM_SLUGS = readdirSync(path.join(REPOSITORY_ROOT, 'programs'));

/** One of a program's JSON files, parsed (`file` inside its folder, e.g. `configuration/config.json`). */
export const readProgramJson = (slug: string, file: string): unknown =>
  JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'programs', slug, file), 'utf8'));

/** A program's config.json, checked by its contract. */
export const programConfigOf = (slug: string): ProgramConfig =>
  ProgramConfigSchema.parse(readProgramJson(slug, 'configuration/config.json'));
