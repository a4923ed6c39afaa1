// The program's call-center phones for a country (or the program's default country).
import type { CountryCode } from '@portal/contracts/enums';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';

export function CallCenterPhones({ country }: { country?: CountryCode }) {
  const { phones, program } = useProgram();
  const t = useT();
  const list = phones?.[country ?? program.defaultCountry] ?? [];
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
