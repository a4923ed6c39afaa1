// The roles an admin grants: a checkbox per role in each of the admin's programs, and the error of the group under it.
// The form holds them as `roles.<slug>.<role>` booleans; rolesOf turns them into the API's list.
import type { Control, FieldValues, Path } from 'react-hook-form';
import { STAFF_ROLES, type StaffRole } from '@portal/contracts/staff';
import type { StaffProgramRole } from '@portal/contracts/staff-admin';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { useT } from '../../../program/use-t.ts';
import { ROLE_KEYS } from './admin-format.ts';

export type RoleChoices = Record<string, Partial<Record<StaffRole, boolean>>>;

/** The chosen roles, as the API takes them. */
export function rolesOf(choices: RoleChoices): StaffProgramRole[] {
  return Object.entries(choices).flatMap(([program, roles]) =>
    STAFF_ROLES.filter((role) => roles[role] === true).map((role) => ({ program, role })),
  );
}

/** The choices of roles already held. */
export function choicesOf(roles: readonly { program: { slug: string }; role: StaffRole }[]): RoleChoices {
  const choices: RoleChoices = {};
  for (const { program, role } of roles) (choices[program.slug] ??= {})[role] = true;
  return choices;
}

interface Props<T extends FieldValues & { roles: RoleChoices }> {
  control: Control<T>;
  programs: readonly { slug: string; name: string }[];
  /** The group's error key, if any. */
  error?: string | undefined;
  idPrefix: string;
}

export function RolesFieldset<T extends FieldValues & { roles: RoleChoices }>({
  control,
  programs,
  error,
  idPrefix,
}: Props<T>) {
  const t = useT();
  const errorId = `${idPrefix}-roles-error`;
  return (
    <fieldset className="staff-roles" aria-describedby={error ? errorId : undefined}>
      <legend>{t('staff.admin.roles.legend')}</legend>
      {programs.map((program) => (
        <div key={program.slug} className="staff-roles__program" role="group" aria-label={program.name}>
          <p className="staff-roles__name" aria-hidden="true">
            {program.name}
          </p>
          <div className="staff-roles__choices">
            {STAFF_ROLES.map((role) => (
              <CheckboxField
                key={role}
                control={control}
                name={`roles.${program.slug}.${role}` as Path<T>}
                label={t(ROLE_KEYS[role])}
              />
            ))}
          </div>
        </div>
      ))}
      {error ? (
        <p id={errorId} className="field__error" tabIndex={-1}>
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
