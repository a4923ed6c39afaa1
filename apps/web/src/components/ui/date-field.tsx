// A labelled date (react-aria DatePicker) bound to react-hook-form. The value is a 'YYYY-MM-DD' string.
// Typed as mm/dd/yyyy in both languages; the calendar has month and year selectors so a far year is two picks away.
import { DateFormatter, parseDate, type CalendarDate } from '@internationalized/date';
import { useContext, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  CalendarStateContext,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  useLocale,
} from 'react-aria-components';
import { formatDateInWords } from '../../lib/format.ts';
import { useT } from '../../program/use-t.ts';
import { FieldFrame } from './field-frame.tsx';
import { LineIcon } from './line-icon.tsx';
import './calendar-grid.css';
import './date-field.css';

interface Props<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  isRequired?: boolean;
  /** YYYY-MM-DD; the calendar's first day (default 1900-01-01, the year selector's first year). */
  minValue?: string;
  /** YYYY-MM-DD; the calendar's last day (e.g. today for a birth date). */
  maxValue?: string;
}

const DEFAULT_MIN = '1900-01-01';
/** What the form holds while a date is only partly typed: not a date, so the schema says 'invalid' (not 'required'). */
const INCOMPLETE_DATE = 'incomplete';

/** A YYYY-MM-DD text as a CalendarDate, or null when it is not one. */
function toCalendarDate(value: unknown): CalendarDate | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

/** Whether a locale writes a short date month first (mm/dd/yyyy). */
function isMonthFirst(locale: string): boolean {
  try {
    const order = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date(2000, 11, 31))
      .filter((part) => part.type === 'year' || part.type === 'month' || part.type === 'day')
      .map((part) => part.type)
      .join('/');
    return order === 'month/day/year';
  } catch {
    return false;
  }
}

/**
 * The locale of the date segments: mm/dd/yyyy in both languages. Spanish uses es-PA (month first, with
 * Spanish segment names and 'mm/dd/aaaa' placeholders) when the browser formats it so; otherwise en-US.
 */
function segmentLocaleFor(language: string): string {
  if (language.startsWith('es') && isMonthFirst('es-PA')) return 'es-PA';
  return 'en-US';
}
/** The calendar's labels (month and weekday names) in the user's language. */
function calendarLocaleFor(language: string): string {
  return language.startsWith('es') ? 'es-PA' : 'en-US';
}

export function DateField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  isRequired,
  minValue,
  maxValue,
}: Props<T>) {
  const t = useT();
  const intl = useIntl();
  const segmentLocale = useMemo(() => segmentLocaleFor(intl.locale), [intl.locale]);
  const calendarLocale = calendarLocaleFor(intl.locale);
  const language = intl.locale.startsWith('es') ? 'es' : 'en';
  const min = toCalendarDate(minValue) ?? toCalendarDate(DEFAULT_MIN)!;
  const max = toCalendarDate(maxValue);
  const groupRef = useRef<HTMLDivElement>(null);
  const focusFirstSegment = () =>
    groupRef.current?.querySelector<HTMLElement>('[role="spinbutton"], [data-type]')?.focus();
  const anchorId = `field-${String(name).replaceAll('.', '-')}`;

  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <I18nProvider locale={segmentLocale}>
          <DatePicker
            className="field date-field"
            value={toCalendarDate(field.value)}
            onChange={(value) => field.onChange(value ? value.toString() : undefined)}
            onBlur={() => {
              // A partly typed date has no value yet: keep a marker so the message asks for a valid date.
              if (!toCalendarDate(field.value)) {
                const segments = [...(groupRef.current?.querySelectorAll('[role="spinbutton"]') ?? [])];
                const typed = segments.some((segment) => !segment.hasAttribute('data-placeholder'));
                const next = typed ? INCOMPLETE_DATE : undefined;
                if (field.value !== next) field.onChange(next);
              }
              field.onBlur();
            }}
            isInvalid={Boolean(fieldState.error)}
            isRequired={isRequired}
            granularity="day"
            shouldForceLeadingZeros
            validationBehavior="aria"
          >
            <FieldFrame label={label} description={description} errorKey={fieldState.error?.message}>
              {/* The error summary's link lands here (no element carries the field's name) and moves on to the month. */}
              <div
                id={anchorId}
                tabIndex={-1}
                className="date-field__anchor"
                onFocus={(event) => event.target === event.currentTarget && focusFirstSegment()}
              >
                <Group ref={groupRef} className="field__input date-field__group">
                  <DateInput
                    className="date-field__input"
                    ref={(element) => {
                      field.ref(element ? { focus: focusFirstSegment } : null);
                    }}
                  >
                    {(segment) => <DateSegment segment={segment} className="date-field__segment" />}
                  </DateInput>
                  <Button className="date-field__button" aria-label={t('signup.birthdate.openCalendar')}>
                    <CalendarIcon />
                  </Button>
                </Group>
              </div>
              {/* The chosen date in words as it is typed: 03/12 is never taken for 12 March unnoticed (decision 053). */}
              <p className="date-field__in-words" aria-live="polite">
                {toCalendarDate(field.value)
                  ? t('common.dateInWords', { date: formatDateInWords(String(field.value), language) })
                  : ''}
              </p>
              <Popover className="date-field__popover" placement="bottom start">
                <I18nProvider locale={calendarLocale}>
                  <Dialog className="date-field__dialog" aria-label={label}>
                    <Calendar className="date-field__calendar" minValue={min} maxValue={max ?? undefined}>
                      <Heading className="visually-hidden" />
                      <div className="date-field__header">
                        <Button
                          slot="previous"
                          className="date-field__nav"
                          aria-label={t('signup.birthdate.previousMonth')}
                        >
                          <span aria-hidden="true">‹</span>
                        </Button>
                        <MonthYearSelectors
                          min={min}
                          max={max}
                          monthLabel={t('signup.birthdate.month.label')}
                          yearLabel={t('signup.birthdate.year.label')}
                        />
                        <Button slot="next" className="date-field__nav" aria-label={t('signup.birthdate.nextMonth')}>
                          <span aria-hidden="true">›</span>
                        </Button>
                      </div>
                      <CalendarGrid className="calendar-grid date-field__grid">
                        {(date) => <CalendarCell date={date} className="calendar-cell date-field__cell" />}
                      </CalendarGrid>
                    </Calendar>
                  </Dialog>
                </I18nProvider>
              </Popover>
            </FieldFrame>
          </DatePicker>
        </I18nProvider>
      )}
    />
  );
}

/** Month and year selects of the calendar's header: they move the calendar, the person then picks the day. */
function MonthYearSelectors({
  min,
  max,
  monthLabel,
  yearLabel,
}: {
  min: CalendarDate;
  max: CalendarDate | null;
  monthLabel: string;
  yearLabel: string;
}) {
  const state = useContext(CalendarStateContext);
  const { locale } = useLocale();
  const monthNames = useMemo(() => {
    const formatter = new DateFormatter(locale, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, index) => formatter.format(new Date(Date.UTC(2000, index, 1))));
  }, [locale]);
  if (!state) return null;
  const focused = state.focusedDate;
  const lastYear = Math.max(max?.year ?? focused.year + 10, min.year);
  const years: number[] = [];
  for (let year = min.year; year <= lastYear; year += 1) years.push(year);
  const disabledMonths = monthNames
    .map((_, index) => index + 1)
    .filter(
      (month) =>
        (max && focused.year === max.year && month > max.month) || (focused.year === min.year && month < min.month),
    )
    .map(String);
  const move = (date: CalendarDate) => {
    const bounded = max && date.compare(max) > 0 ? max : date.compare(min) < 0 ? min : date;
    state.setFocusedDate(bounded);
  };
  return (
    <div className="date-field__selectors">
      <HeaderSelect
        label={monthLabel}
        selected={focused.month}
        options={monthNames.map((text, index) => ({ value: index + 1, text }))}
        disabledKeys={disabledMonths}
        onSelect={(month) => move(focused.set({ month }))}
      />
      <HeaderSelect
        label={yearLabel}
        selected={focused.year}
        options={years.map((year) => ({ value: year, text: String(year) }))}
        onSelect={(year) => move(focused.set({ year }))}
      />
    </div>
  );
}

/** One select of the calendar's header (the month or the year). */
function HeaderSelect({
  label,
  selected,
  options,
  disabledKeys,
  onSelect,
}: {
  label: string;
  selected: number;
  options: { value: number; text: string }[];
  disabledKeys?: string[];
  onSelect: (value: number) => void;
}) {
  return (
    <Select
      className="date-field__select"
      aria-label={label}
      selectedKey={String(selected)}
      disabledKeys={disabledKeys}
      onSelectionChange={(key) => key !== null && onSelect(Number(key))}
    >
      <Button className="date-field__select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="date-field__popover date-field__list-popover">
        <ListBox className="date-field__list">
          {options.map((option) => (
            <ListBoxItem
              key={option.value}
              id={String(option.value)}
              className="date-field__option"
              textValue={option.text}
            >
              {option.text}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

function CalendarIcon() {
  return (
    <LineIcon>
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </LineIcon>
  );
}
