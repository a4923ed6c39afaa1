// The password strength meter (Weak, Medium, Strong); each form passes its own texts.
import { Label, Meter } from 'react-aria-components';
import type { Strength } from './password-strength.ts';

const STRENGTH_VALUE: Record<Strength, number> = { weak: 1, medium: 2, strong: 3 };

export function StrengthMeter({
  strength,
  label,
  valueLabel,
}: {
  strength: Strength | undefined;
  label: string;
  valueLabel: string;
}) {
  return (
    <Meter
      className={`strength strength--${strength ?? 'none'}`}
      value={strength ? STRENGTH_VALUE[strength] : 0}
      minValue={0}
      maxValue={3}
      valueLabel={valueLabel}
    >
      {({ percentage, valueText }) => (
        <>
          <div className="strength__labels">
            <Label>{label}</Label>
            <span className="strength__value">{valueText}</span>
          </div>
          <div className="strength__bar">
            <div className="strength__fill" style={{ width: `${percentage}%` }} />
          </div>
        </>
      )}
    </Meter>
  );
}
