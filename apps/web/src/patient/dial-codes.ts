// 'Costa Rica (+506)' for each of the eight countries, named in the page's language: the phone country-code options.
import { COUNTRY_CODES, type Language } from '@portal/contracts/enums';
import { COUNTRY_DIAL_CODES } from '@portal/contracts/patient-fields';

export function dialCodeOptions(language: Language): { value: string; text: string }[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = undefined;
  }
  return COUNTRY_CODES.map((code) => ({
    value: code,
    text: `${names?.of(code) ?? code} (${COUNTRY_DIAL_CODES[code]})`,
  })).sort((a, b) => a.text.localeCompare(b.text, language));
}
