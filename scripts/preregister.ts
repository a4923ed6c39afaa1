// `npm run patients:preregister -- <program-slug> <file.json> [es|en]`: records what the program holds of a patient
// (PreregisteredPatientSchema: supportPlanId, country, email and any other enrolment data) and mails the patient an
// invitation to complete the enrolment (signup?v=ppr). The link is only mailed, never printed.
// With the embedded database, stop the server first (one process at a time); its outbox worker sends the mail on start.
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { LanguageSchema } from '@portal/contracts/enums';
import { PreregisteredPatientSchema } from '@portal/contracts/signup';
import { loadConfig } from '../apps/api/src/config.ts';
import { program } from '../apps/api/src/db/schema.ts';
import { preregisterPatient } from '../apps/api/src/modules/signup/preregistration.ts';
import { openDatabase } from '../apps/api/src/platform/db.ts';
import { AppError } from '../apps/api/src/platform/errors.ts';

const [slug, file, languageArg = 'es'] = process.argv.slice(2);
const language = LanguageSchema.safeParse(languageArg);
if (!slug || !file || !language.success) {
  console.error('usage: npm run patients:preregister -- <program-slug> <file.json> [es|en]');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDataDir: config.PGLITE_DATA_DIR });
try {
  const [row] = await database.db
    .select({ id: program.id, slug: program.slug })
    .from(program)
    .where(eq(program.slug, slug));
  if (!row) {
    console.error(`no program "${slug}"`);
    process.exitCode = 1;
  } else {
    const data = PreregisteredPatientSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!data.success) {
      // Paths and message keys only: the file's personal data is not echoed.
      console.error(
        `${file} does not fit PreregisteredPatientSchema:\n${data.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n')}`,
      );
      process.exitCode = 1;
    } else {
      try {
        const { id } = await preregisterPatient(database.db, {
          program: row,
          data: data.data,
          language: language.data,
          now: new Date(),
          config,
        });
        console.log(`pre-registration ${id} recorded in ${slug}; the invitation is in the outbox`);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        console.error(`refused: ${error.code}${error.fieldErrors ? ` ${JSON.stringify(error.fieldErrors)}` : ''}`);
        process.exitCode = 1;
      }
    }
  }
} finally {
  await database.close();
}
