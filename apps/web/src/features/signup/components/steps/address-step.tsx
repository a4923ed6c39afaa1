// Step 'address': the exact address line, and a location searched in the gazetteer and chosen from the results.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button, ComboBox, FieldError, Form, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import { z } from 'zod';
import { AddressSchema, LocationSchema, type Location } from '@portal/contracts/signup';
import { ErrorSummary } from '../../../../components/ui/error-summary.tsx';
import { FormTextField } from '../../../../components/ui/form-text-field.tsx';
import { useT } from '../../../../program/use-t.ts';
import type { StepProps } from '../../model.ts';
import { searchLocations } from '../../api/signup-api.ts';
import './steps-b.css';

const Schema = z.object({
  // Typing without choosing leaves no location: 'Search and choose a location'.
  location: LocationSchema,
  line: AddressSchema.shape.line,
});

/** How long the search waits after the last key press. */
const SEARCH_DEBOUNCE_MS = 250;
/** Fewer letters than this do not search (too many places match). */
const SEARCH_MIN_LENGTH = 2;
const SEARCH_MAX_LENGTH = 60;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export function AddressStep({ formId, draft, ctx, onDone }: StepProps) {
  const t = useT();
  const country = ctx.plan?.country ?? draft.country;
  const { control, handleSubmit, formState } = useForm<z.input<typeof Schema>, unknown, z.output<typeof Schema>>({
    resolver: zodResolver(Schema),
    defaultValues: { line: draft.address?.line ?? '', location: draft.address?.location },
  });
  const [inputValue, setInputValue] = useState(draft.address?.location?.label ?? '');
  const query = useDebounced(inputValue.trim().slice(0, SEARCH_MAX_LENGTH), SEARCH_DEBOUNCE_MS);
  const canSearch = Boolean(country) && query.length >= SEARCH_MIN_LENGTH;
  const results = useQuery({
    queryKey: ['signup', 'locations', country, query, ctx.language],
    queryFn: () => searchLocations(country!, query, ctx.language),
    enabled: canSearch,
    staleTime: 5 * 60_000,
    retry: 1,
  });

  const onSubmit = handleSubmit(({ line, location }) => {
    onDone({ address: { line, location } });
  });

  return (
    <Form id={formId} className="stack" onSubmit={onSubmit} validationBehavior="aria">
      <ErrorSummary errors={formState.errors} submitCount={formState.submitCount} />
      <h2 className="step__title">{t('signup.address.title')}</h2>
      <p>{t('signup.address.subtitle')}</p>
      <Controller
        control={control}
        name="location"
        render={({ field, fieldState }) => {
          const chosen = field.value;
          const found = canSearch && query === inputValue.trim().slice(0, SEARCH_MAX_LENGTH) ? (results.data ?? []) : [];
          // The chosen place stays in the collection, so the box keeps showing it.
          const items = chosen && !found.some((item) => item.id === chosen.id) ? [chosen, ...found] : found;
          const isSearching = canSearch && (results.isFetching || query !== inputValue.trim().slice(0, SEARCH_MAX_LENGTH));
          const emptyText = !canSearch
            ? t('signup.address.search.placeholder')
            : isSearching
              ? t('common.loading')
              : results.isError
                ? t('signup.address.search.failed')
                : t('signup.address.search.noResults');
          return (
            <ComboBox
              className="field"
              items={items}
              inputValue={inputValue}
              onInputChange={(text) => {
                setInputValue(text);
                if (chosen && text !== chosen.label) field.onChange(undefined);
              }}
              selectedKey={chosen?.id ?? null}
              onSelectionChange={(key) => {
                if (key === null) return;
                const location = items.find((item) => item.id === key);
                if (!location) return;
                field.onChange(location);
                setInputValue(location.label);
              }}
              onBlur={field.onBlur}
              defaultFilter={() => true}
              allowsCustomValue
              allowsEmptyCollection
              menuTrigger="input"
              isInvalid={Boolean(fieldState.error)}
              isRequired
              validationBehavior="aria"
            >
              <Label className="field__label">{t('signup.address.search.label')}</Label>
              <Text slot="description" className="field__description">
                {t('signup.address.search.placeholder')}
              </Text>
              <div className="field__row">
                <Input ref={field.ref} name="location" className="field__input" autoComplete="off" />
                <Button className="steps-b-combobox__button" aria-label={t('common.search')}>
                  <span aria-hidden="true">▾</span>
                </Button>
              </div>
              <FieldError className="field__error">{fieldState.error?.message ? t(fieldState.error.message) : null}</FieldError>
              <Popover className="steps-b-popover" placement="bottom start">
                <ListBox<Location> className="steps-b-listbox" renderEmptyState={() => <p className="steps-b-empty">{emptyText}</p>}>
                  {(item) => (
                    <ListBoxItem id={item.id} textValue={item.label} className="steps-b-option">
                      {item.label}
                    </ListBoxItem>
                  )}
                </ListBox>
              </Popover>
            </ComboBox>
          );
        }}
      />
      <FormTextField
        control={control}
        name="line"
        label={t('signup.address.line.label')}
        description={t('signup.address.line.hint')}
        autoComplete="street-address"
        isRequired
      />
    </Form>
  );
}
