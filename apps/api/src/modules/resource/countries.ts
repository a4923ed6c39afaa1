// The eight countries the portal serves, with names in both languages and their dialling codes.
import type { CountryCode, Language } from '@portal/contracts/enums';

export const COUNTRIES: Record<CountryCode, { es: string; en: string; dialCode: string }> = {
  CR: { es: 'Costa Rica', en: 'Costa Rica', dialCode: '+506' },
  MX: { es: 'México', en: 'Mexico', dialCode: '+52' },
  PA: { es: 'Panamá', en: 'Panama', dialCode: '+507' },
  HN: { es: 'Honduras', en: 'Honduras', dialCode: '+504' },
  GT: { es: 'Guatemala', en: 'Guatemala', dialCode: '+502' },
  DO: { es: 'República Dominicana', en: 'Dominican Republic', dialCode: '+1' },
  SV: { es: 'El Salvador', en: 'El Salvador', dialCode: '+503' },
  TT: { es: 'Trinidad y Tobago', en: 'Trinidad and Tobago', dialCode: '+1' },
};

export function listCountries(language: Language) {
  return (Object.keys(COUNTRIES) as CountryCode[])
    .map((code) => ({ code, name: COUNTRIES[code][language], dialCode: COUNTRIES[code].dialCode }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
}
