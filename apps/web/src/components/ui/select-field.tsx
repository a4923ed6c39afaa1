// A labelled select (react-aria) bound to react-hook-form; options are value + shown text.
import { useController, type FieldValues } from 'react-hook-form';
import { Button, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { choiceKeyOf, type ChoiceFieldProps } from './choice-field.ts';
import { FieldFrame } from './field-frame.tsx';

interface Props<T extends FieldValues> extends ChoiceFieldProps<T> {
  placeholder: string;
  autoFocus?: boolean;
  /** Values are numbers in the form (e.g. a product id). */
  isNumeric?: boolean;
}

export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  options,
  description,
  isRequired,
  autoFocus,
  isNumeric,
}: Props<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      className="field"
      name={field.name}
      selectedKey={choiceKeyOf(field.value)}
      onSelectionChange={(key) => field.onChange(key === null ? undefined : isNumeric ? Number(key) : String(key))}
      onBlur={field.onBlur}
      isInvalid={Boolean(fieldState.error)}
      isRequired={isRequired}
      autoFocus={autoFocus}
      placeholder={placeholder}
      validationBehavior="aria"
    >
      <FieldFrame label={label} description={description} errorKey={fieldState.error?.message}>
        <Button className="field__input select__button" ref={field.ref}>
          <SelectValue />
          <span aria-hidden="true">▾</span>
        </Button>
        <Popover className="popover">
          <ListBox className="listbox">
            {options.map((option) => (
              <ListBoxItem key={option.value} id={option.value} className="listbox__item" textValue={option.text}>
                {option.text}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </FieldFrame>
    </Select>
  );
}
