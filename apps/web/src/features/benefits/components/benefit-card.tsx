// One benefit as a card: its title and description, its conditions behind read more / read less, and for the ones
// used at the pharmacy (a discount, the 4+1 offer) the product's code: its state and what to do with it.
import { useId, useState, type ReactNode } from 'react';
import { Button } from 'react-aria-components';
import type { BenefitView } from '@portal/contracts/benefits';
import { Card } from '../../../components/ui/card.tsx';
import { useT } from '../../../program/use-t.ts';

/** The kinds whose benefit is given at the pharmacy against the product's discount code. */
export const usesDiscountCode = (benefit: BenefitView) =>
  benefit.kind === 'discount' || benefit.kind === 'preventive4plus1';

interface Props {
  benefit: BenefitView;
  /** The card's state and action (the code, a booking), under its description. */
  children?: ReactNode;
}

export function BenefitCard({ benefit, children }: Props) {
  const t = useT();
  const conditionsId = useId();
  const [isExpanded, setExpanded] = useState(false);
  return (
    <Card title={t(benefit.texts.title)} headingLevel={3} className="benefit-card">
      {benefit.kind === 'discount' && benefit.discountPercent !== null ? (
        <p className="benefit-card__badge">{t('benefits.discount', { percent: benefit.discountPercent })}</p>
      ) : null}
      <p>{t(benefit.texts.description)}</p>
      <div id={conditionsId} className="benefit-card__conditions" hidden={!isExpanded}>
        <p>{t(benefit.texts.conditions)}</p>
      </div>
      <Button
        className="benefit-card__toggle"
        aria-expanded={isExpanded}
        aria-controls={conditionsId}
        onPress={() => setExpanded((value) => !value)}
      >
        {isExpanded ? t('common.readLess') : t('common.readMore')}
      </Button>
      {children ? <div className="benefit-card__state">{children}</div> : null}
    </Card>
  );
}
