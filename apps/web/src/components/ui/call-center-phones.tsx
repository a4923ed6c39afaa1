// The program's call-center phones for a country (or the program's default country), as tel: and WhatsApp links.
import type { CountryCode } from '@portal/contracts/enums';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';
import { useLanguage } from '../../lib/language.tsx';

type PhoneList = NonNullable<NonNullable<ReturnType<typeof useProgram>['phones']>[CountryCode]>;

const WHATSAPP_LABEL_KEY = 'phones.whatsapp';
const digitsOf = (number: string) => number.replace(/[^0-9]/g, '');

/** The phones of a country (or of the program's default country), or an explicit list (e.g. from a PTP00197 answer). */
export function CallCenterPhones({
  country,
  list: given,
  label,
}: {
  country?: CountryCode;
  list?: PhoneList;
  label?: string;
}) {
  const { phones, program } = useProgram();
  const t = useT();
  const list = given ?? phones?.[country ?? program.defaultCountry] ?? [];
  if (list.length === 0) return null;
  return (
    <ul className="phones" aria-label={label ?? t('phones.title')}>
      {list.map((phone) => (
        <li key={phone.number}>
          <span className="phones__label">{t(phone.labelKey)}: </span>
          {/* WhatsApp numbers open a chat (wa.me takes the digits only); the others call. */}
          {phone.labelKey === WHATSAPP_LABEL_KEY ? (
            <a
              className="phones__link"
              href={`https://wa.me/${digitsOf(phone.number)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {phone.number}
            </a>
          ) : (
            <a className="phones__link" href={`tel:+${digitsOf(phone.number)}`}>
              {phone.number}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every country's phones, each under the country's name: for visitors whose country is not known yet. `phones`, when
 * given (an error answer's `details.phones`), is shown instead of the program file's.
 */
export function AllCallCenterPhones({
  headingLevel = 3,
  phones: given,
}: {
  headingLevel?: 2 | 3 | 4;
  phones?: ReturnType<typeof useProgram>['phones'];
}) {
  const program = useProgram();
  const phones = given ?? program.phones;
  const t = useT();
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  const { language } = useLanguage();
  const names = new Intl.DisplayNames([language], { type: 'region' });
  // The program's default country first, then the others in the program's order.
  const countries = [
    program.program.defaultCountry,
    ...(program.program.countries ?? []).filter((code) => code !== program.program.defaultCountry),
  ].filter((code) => phones?.[code]);
  return (
    <div className="phones-by-country">
      {countries.map((code) => (
        <div key={code}>
          <Heading className="phones__country">{names.of(code) ?? code}</Heading>
          <CallCenterPhones
            country={code}
            list={phones?.[code]}
            label={`${t('phones.title')} · ${names.of(code) ?? code}`}
          />
        </div>
      ))}
    </div>
  );
}
