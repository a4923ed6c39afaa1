// The program's call-center phones for a country (or the program's default country).
import type { CountryCode } from '@portal/contracts/enums';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';

type PhoneList = NonNullable<NonNullable<ReturnType<typeof useProgram>['phones']>[CountryCode]>;

/** The phones of a country (or of the program's default country), or an explicit list (e.g. from a PTP00197 answer). */
export function CallCenterPhones({ country, list: given }: { country?: CountryCode; list?: PhoneList }) {
  const { phones, program } = useProgram();
  const t = useT();
  const list = given ?? phones?.[country ?? program.defaultCountry] ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="phones" aria-label={t('phones.title')}>
      {list.map((phone) => (
        <li key={phone.number}>
          <span className="phones__label">{t(phone.labelKey)}: </span>
          <a href={`tel:${phone.number.replace(/[^+0-9]/g, '')}`}>{phone.number}</a>
        </li>
      ))}
    </ul>
  );
}
