import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  EmailCheckQuerySchema,
  LoginBodySchema,
  PasswordAndRepeatSchema,
  PasswordRecoverBodySchema,
  RefreshBodySchema,
  UserQuerySchema,
} from './identity.ts';
import { ClientLogBodySchema, CountriesQuerySchema, SupportPlanIdParamsSchema } from './resources.ts';
import {
  CitizenParamsSchema,
  IdentificationCheckParamsSchema,
  PreregisteredPatientSchema,
  PreregistrationLinkSchema,
  SignupBodySchema,
  SignupRequestSchema,
  signupSchemaFor,
} from './signup.ts';
import { NotMeLinkSchema } from './signup-not-me.ts';
import { CaregiverBodySchema, CaregiverIdParamsSchema } from './caregiver.ts';
import { ProfileUpdateBodySchema } from './profile.ts';
import {
  CreateTreatmentRequestSchema,
  DeleteTreatmentBodySchema,
  TreatmentIdParamsSchema,
  UpdateTreatmentRequestSchema,
} from './treatments.ts';
import {
  DosageCheckBodySchema,
  LocationSearchQuerySchema,
  PlanProductsQuerySchema,
  treatmentSchemaFor,
} from './patient-fields.ts';
import { SessionIdParamsSchema } from './sessions.ts';
import {
  StaffLoginBodySchema,
  StaffSecondFactorBodySchema,
  StaffSetupFinishBodySchema,
  StaffSetupOpenBodySchema,
} from './staff.ts';
import { PROGRAM_SLUGS, programConfigOf } from './test/program-folders.ts';
import { hasForbiddenControlCharacter, TEXT_CONTROL_CHARACTERS_MESSAGE, textField } from './text.ts';

/** Every request schema the API declares (body, params, query), and the sign-up of every plan of every program. */
function requestSchemas(): Array<[string, z.ZodType]> {
  const schemas: Array<[string, z.ZodType]> = [
    ['LoginBody', LoginBodySchema],
    ['RefreshBody', RefreshBodySchema],
    ['UserQuery', UserQuerySchema],
    ['EmailCheckQuery', EmailCheckQuerySchema],
    ['PasswordRecoverBody', PasswordRecoverBodySchema],
    ['PasswordAndRepeat', PasswordAndRepeatSchema],
    ['ClientLogBody', ClientLogBodySchema],
    ['CountriesQuery', CountriesQuerySchema],
    ['SupportPlanIdParams', SupportPlanIdParamsSchema],
    ['CitizenParams', CitizenParamsSchema],
    ['DosageCheckBody', DosageCheckBodySchema],
    ['IdentificationCheckParams', IdentificationCheckParamsSchema],
    ['LocationSearchQuery', LocationSearchQuerySchema],
    ['PlanProductsQuery', PlanProductsQuerySchema],
    ['PreregistrationLink', PreregistrationLinkSchema],
    ['NotMeLink', NotMeLinkSchema],
    ['PreregisteredPatient', PreregisteredPatientSchema],
    ['SignupRequest', SignupRequestSchema],
    ['SignupBody', SignupBodySchema],
    ['ProfileUpdateBody', ProfileUpdateBodySchema],
    ['CaregiverBody', CaregiverBodySchema],
    ['CaregiverIdParams', CaregiverIdParamsSchema],
    ['TreatmentIdParams', TreatmentIdParamsSchema],
    ['CreateTreatmentRequest', CreateTreatmentRequestSchema],
    ['UpdateTreatmentRequest', UpdateTreatmentRequestSchema],
    ['DeleteTreatmentBody', DeleteTreatmentBodySchema],
    ['SessionIdParams', SessionIdParamsSchema],
    ['StaffSetupOpenBody', StaffSetupOpenBodySchema],
    ['StaffSetupFinishBody', StaffSetupFinishBodySchema],
    ['StaffLoginBody', StaffLoginBodySchema],
    ['StaffSecondFactorBody', StaffSecondFactorBodySchema],
  ];
  for (const slug of PROGRAM_SLUGS) {
    const config = programConfigOf(slug);
    for (const plan of config.supportPlans) {
      schemas.push([
        `signup ${slug}/${plan.id}`,
        signupSchemaFor(plan.fieldSettings, plan, { latestTermsVersion: config.latestTermsVersion }),
      ]);
      // A treatment added or modified after enrolment is checked with the plan's treatment schema.
      schemas.push([`treatment ${slug}/${plan.id}`, treatmentSchemaFor(plan.fieldSettings)]);
    }
  }
  return schemas;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Every string schema a request value meets first (the input side of pipes; after preprocessing, what it feeds). */
function stringLeaves(
  schema: z.ZodType,
  at: string,
  found: Array<[string, z.ZodType]>,
  seen = new Set<z.ZodType>(),
): Array<[string, z.ZodType]> {
  if (seen.has(schema)) return found;
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: z.ZodType | undefined, where: string) => child && stringLeaves(child, where, found, seen);
  switch (def.type) {
    case 'string':
      found.push([at, schema]);
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape ?? {})) walk(child, at ? `${at}.${key}` : key);
      break;
    case 'pipe':
      walk(defOf(def.in!).type === 'transform' ? def.out : def.in, at);
      break;
    case 'array':
      walk(def.element, `${at}[]`);
      break;
    case 'union':
      def.options?.forEach((option, index) => walk(option, `${at}|${index}`));
      break;
    case 'intersection':
      walk(def.left, at);
      walk(def.right, at);
      break;
    case 'record':
      walk(def.valueType, `${at}{}`);
      break;
    case 'lazy':
      walk(def.getter?.(), at);
      break;
    default:
      walk(def.innerType, at);
  }
  return found;
}

const FORBIDDEN = [
  ...Array.from({ length: 0x20 }, (_, code) => code),
  ...Array.from({ length: 0x21 }, (_, code) => 0x7f + code),
].map((code) => String.fromCharCode(code));
/** Multi-line request fields (tab and newline allowed inside); none yet. A new one must be named here. */
const MULTI_LINE_FIELDS = new Set<string>();

describe('the text rule', () => {
  it('refuses NUL and control characters, trims, and keeps passwords as typed', () => {
    const line = textField({ max: 10 });
    expect(line.parse('  Ana  ')).toBe('Ana');
    expect(line.safeParse('A\u0000na').error?.issues[0]?.message).toBe(TEXT_CONTROL_CHARACTERS_MESSAGE);
    expect(line.safeParse('A\tna').success).toBe(false);
    expect(line.safeParse('x'.repeat(11)).success).toBe(false);
    const multi = textField({ max: 100, multiline: true });
    expect(multi.parse('one\n\ttwo')).toBe('one\n\ttwo');
    expect(multi.safeParse('one\r\ntwo').success).toBe(false);
    expect(multi.safeParse('one\u0000two').success).toBe(false);
    expect(textField({ max: 10, trim: false }).parse(' secret ')).toBe(' secret ');
    expect(hasForbiddenControlCharacter('\u009b31m')).toBe(true);
  });

  it('is what every string field of every request schema starts from: none lets a NUL or a control character through (property)', () => {
    const leaves = requestSchemas().flatMap(([name, schema]) =>
      stringLeaves(schema, '', []).map(([at, leaf]) => [`${name}: ${at}`, leaf] as const),
    );
    // The walk reaches the fields that matter (so that this test cannot pass by finding nothing).
    const names = leaves.map(([name]) => name);
    expect(leaves.length).toBeGreaterThan(150);
    for (const expected of [
      'SignupBody: address.line',
      'SignupBody: treatments[].healthCenter.name',
      'LoginBody: password',
      'CitizenParams: number',
      'LocationSearchQuery: q',
      'ClientLogBody: jsonRawString',
      'SignupBody: idempotencyKey',
    ]) {
      expect(names).toContain(expected);
    }
    const text = fc.string({ maxLength: 12 });
    for (const [name, leaf] of leaves) {
      const forbidden = MULTI_LINE_FIELDS.has(name)
        ? FORBIDDEN.filter((character) => character !== '\t' && character !== '\n')
        : FORBIDDEN;
      fc.assert(
        fc.property(text, fc.constantFrom(...forbidden), text, (before, character, after) => {
          // Letters around the character, so that trimming cannot take it away.
          const result = leaf.safeParse(`${before}x${character}y${after}`);
          expect(result.success, `${name} accepted ${JSON.stringify(character)}`).toBe(false);
          expect(
            result.error?.issues.map((issue) => issue.message),
            name,
          ).toContain(TEXT_CONTROL_CHARACTERS_MESSAGE);
        }),
        { numRuns: 40 },
      );
    }
  }, 120_000);
});
