// A place searched in the gazetteer and chosen from the results (react-aria ComboBox): the enrolment's address
// step and the profile's address. The caller says how to search (the search's queryOptions factory), so this stays
// feature-free.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Button, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Text } from 'react-aria-components';
import type { Location } from '@portal/contracts/patient-fields';
import { useT } from '../../program/use-t.ts';
import './location-search-field.css';

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

interface Props<T extends FieldValues, K extends QueryKey> {
  control: Control<T>;
  /** The form field that holds the chosen Location (undefined until one is chosen). */
  name: FieldPath<T>;
  /** The search of the places for what was typed (disabled while there is nothing to search in: no country yet). */
  searchQuery: (text: string) => UseQueryOptions<Location[], Error, Location[], K>;
  /** What the box shows at first (the chosen place's label). */
  initialLabel: string;
  isRequired?: boolean;
}

export function LocationSearchField<T extends FieldValues, K extends QueryKey>({
  control,
  name,
  searchQuery,
  initialLabel,
  isRequired = false,
}: Props<T, K>) {
  const t = useT();
  const [inputValue, setInputValue] = useState(initialLabel);
  const typed = inputValue.trim().slice(0, SEARCH_MAX_LENGTH);
  const query = useDebounced(typed, SEARCH_DEBOUNCE_MS);
  const options = searchQuery(query);
  const canSearch = options.enabled !== false && query.length >= SEARCH_MIN_LENGTH;
  const results = useQuery({ ...options, enabled: canSearch });
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = field.value as Location | undefined;
        const found = canSearch && query === typed ? (results.data ?? []) : [];
        // The chosen place stays in the collection, so the box keeps showing it.
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
            isRequired={isRequired}
            validationBehavior="aria"
          >
            <Label className="field__label">{t('signup.address.search.label')}</Label>
            <Text slot="description" className="field__description">
              {t('signup.address.search.placeholder')}
            </Text>
            <div className="field__row">
              <Input ref={field.ref} name={field.name} className="field__input" autoComplete="off" />
              <Button className="location-search__button" aria-label={t('common.search')}>
                <span aria-hidden="true">▾</span>
              </Button>
            </div>
            <FieldError className="field__error">
              {fieldState.error?.message ? t(fieldState.error.message) : null}
            </FieldError>
            <Popover className="location-search__popover" placement="bottom start">
              <ListBox<Location>
                className="location-search__listbox"
                renderEmptyState={() => <p className="location-search__empty">{emptyText}</p>}
              >
                {(item) => (
                  <ListBoxItem id={item.id} textValue={item.label} className="location-search__option">
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
