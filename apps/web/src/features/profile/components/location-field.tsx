// The address's place: searched in the gazetteer (GET /api/v1/resource/locations) and chosen from the results,
// the same approach as the enrolment's address step (a feature never imports another, so the search lives here too).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Button, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import type { CountryCode, Language } from '@portal/contracts/enums';
import type { Location } from '@portal/contracts/signup';
import { useT } from '../../../program/use-t.ts';
import { searchLocations } from '../api/profile-api.ts';

const SEARCH_DEBOUNCE_MS = 250;
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

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  country: CountryCode;
  language: Language;
  initialLabel: string;
}

export function LocationField<T extends FieldValues>({ control, name, country, language, initialLabel }: Props<T>) {
  const t = useT();
  const [inputValue, setInputValue] = useState(initialLabel);
  const typed = inputValue.trim().slice(0, SEARCH_MAX_LENGTH);
  const query = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const canSearch = query.length >= SEARCH_MIN_LENGTH;
  const results = useQuery({
    queryKey: ['profile', 'locations', country, query, language],
    queryFn: () => searchLocations(country, query, language),
    enabled: canSearch,
    staleTime: 5 * 60_000,
    retry: 1,
  });
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = field.value as Location | undefined;
        const found = canSearch && query === typed ? (results.data ?? []) : [];
        const items = chosen && !found.some((item) => item.id === chosen.id) ? [chosen, ...found] : found;
        const isSearching = canSearch && (results.isFetching || query !== typed);
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
            validationBehavior="aria"
          >
            <Label className="field__label">{t('signup.address.search.label')}</Label>
            <Text slot="description" className="field__description">
              {t('signup.address.search.placeholder')}
            </Text>
            <div className="field__row">
              <Input ref={field.ref} name={field.name} className="field__input" autoComplete="off" />
              <Button className="profile-combobox__button" aria-label={t('common.search')}>
                <span aria-hidden="true">▾</span>
              </Button>
            </div>
            <FieldError className="field__error">{fieldState.error?.message ? t(fieldState.error.message) : null}</FieldError>
            <Popover className="profile-popover" placement="bottom start">
              <ListBox<Location> className="profile-listbox" renderEmptyState={() => <p className="profile-empty">{emptyText}</p>}>
                {(item) => (
                  <ListBoxItem id={item.id} textValue={item.label} className="profile-option">
                    {item.label}
                  </ListBoxItem>
                )}
              </ListBox>
            </Popover>
          </ComboBox>
        );
      }}
    />
  );
}
