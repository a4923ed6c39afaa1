// The genders a person may give (the enrolment's question, the profile's view and edit).

/** The genders a person may give, with the text of each. */
export const GENDER_KEYS = {
  FEMALE: 'signup.personalInfo.gender.female',
  MALE: 'signup.personalInfo.gender.male',
  OTHER: 'signup.personalInfo.gender.other',
} as const;

/** The gender question's options, in the order they are shown. */
export function genderOptions(t: (key: string) => string) {
  return Object.entries(GENDER_KEYS).map(([value, key]) => ({ value, text: t(key) }));
}
