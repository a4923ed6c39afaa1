// A labelled radio group (react-aria) bound to react-hook-form.
import { useController, type FieldValues } from 'react-hook-form';
import { Radio, RadioGroup } from 'react-aria-components';
import { choiceKeyOf, type ChoiceFieldProps } from './choice-field.ts';
import { FieldFrame } from './field-frame.tsx';
import { useT } from '../../program/use-t.ts';

interface Props<T extends FieldValues> extends ChoiceFieldProps<T> {
  orientation?: 'horizontal' | 'vertical';
  /** Booleans in the form, "true"/"false" on screen. */
  isBoolean?: boolean;
}

export function RadioField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  description,
  isRequired,
  orientation = 'vertical',
  isBoolean,
}: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <RadioGroup
      className={`field radio-group radio-group--${orientation}`}
      name={field.name}
      value={choiceKeyOf(field.value)}
      onChange={(value) => field.onChange(isBoolean ? value === 'true' : value)}
      onBlur={field.onBlur}
      isInvalid={Boolean(fieldState.error)}
      isRequired={isRequired}
      orientation={orientation}
      validationBehavior="aria"
    >
      <FieldFrame label={label} description={description} errorKey={fieldState.error?.message}>
        <div className="radio-group__options">
          {options.map((option, index) => (
            <Radio
              key={option.value}
              value={option.value}
              className="radio"
              inputRef={index === 0 ? field.ref : undefined}
            >
              {option.text}
            </Radio>
          ))}
        </div>
      </FieldFrame>
    </RadioGroup>
  );
}

type YesNoProps<T extends FieldValues> = Omit<Props<T>, 'options' | 'isBoolean'> & {
  /** Default: common.yes and common.no. */
  yesText?: string;
  noText?: string;
};

/** A yes-or-no question: true or false in the form, the two answers side by side unless told otherwise. */
export function YesNoField<T extends FieldValues>({
  yesText,
  noText,
  orientation = 'horizontal',
  ...props
}: YesNoProps<T>) {
  const t = useT();
  return (
    <RadioField
      {...props}
      orientation={orientation}
      options={[
        { value: 'true', text: yesText ?? t('common.yes') },
        { value: 'false', text: noText ?? t('common.no') },
      ]}
      isBoolean
    />
  );
}
