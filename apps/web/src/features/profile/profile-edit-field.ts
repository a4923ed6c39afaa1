// A link that promises a field of the profile ('Add an alternative phone') opens the edit form with that field
// focused: `/profile?edit=phoneAlternative`.
export const PROFILE_EDIT_FIELDS = ['phoneAlternative', 'emailAlternative'] as const;
export type ProfileEditField = (typeof PROFILE_EDIT_FIELDS)[number];

/** The address's query parameter that names the field. */
export const PROFILE_EDIT_PARAM = 'edit';

export function profileEditHref(profileHref: string, field: ProfileEditField): string {
  return `${profileHref}?${PROFILE_EDIT_PARAM}=${field}`;
}

/** The field a profile address asks for, or undefined (anything else in the parameter is ignored). */
export function profileEditFieldOf(search: URLSearchParams): ProfileEditField | undefined {
  const value = search.get(PROFILE_EDIT_PARAM);
  return PROFILE_EDIT_FIELDS.find((field) => field === value);
}
