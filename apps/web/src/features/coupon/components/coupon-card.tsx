// The coupon a good link opens: for whom (first name only), where and how it is used (a general benefit's code is
// not a pharmacy's, decision 075), the code large and grouped for reading aloud, the benefit and its conditions, the
// validity, and a print button.
import type { CouponView } from '@portal/contracts/benefits';
import { normaliseDiscountCode } from '@portal/contracts/discount-code';
import { CodeSymbols } from '../../../components/code-symbols/code-symbols.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../program/use-t.ts';

export function CouponCard({ coupon }: { coupon: CouponView }) {
  const t = useT();
  const { benefit, code, patientFirstName } = coupon;
  // The symbols carry the canonical code (no hyphens), as a scanner should type it.
  const canonical = normaliseDiscountCode(code.code) ?? code.code.replaceAll('-', '');
  return (
    <section className="card card--narrow stack coupon" aria-labelledby="coupon-benefit">
      <p className="coupon__for">{t('coupon.for', { name: patientFirstName })}</p>
      <h2 id="coupon-benefit" className="coupon__benefit">
        {t(benefit.texts.title)}
      </h2>
      <p className="coupon__use">{t(benefit.texts.howToUse ?? 'coupon.intro')}</p>
      <div className="coupon__code-box">
        <p className="coupon__code-label">{t('coupon.codeLabel')}</p>
        <p className="coupon__code" data-testid="coupon-code" translate="no">
          {code.code}
        </p>
        <CodeSymbols
          value={canonical}
          qrLabel={t('coupon.qrLabel', { code: code.code })}
          barcodeLabel={t('coupon.barcodeLabel', { code: code.code })}
        />
      </div>
      <p className="coupon__valid">{t('coupon.validUntil', { date: formatDate(code.validUntil) })}</p>
      <p>{t(benefit.texts.description)}</p>
      <h3 className="coupon__conditions-title">{t('coupon.conditions')}</h3>
      <p className="coupon__conditions">{t(benefit.texts.conditions)}</p>
      <div className="actions coupon__actions">
        <button type="button" className="button button--ghost" onClick={() => window.print()}>
          {t('coupon.print')}
        </button>
      </div>
    </section>
  );
}
