// The error summary at the top of a form step: every problem, linked to its field, focused on submit.
import { useEffect, useRef } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useT } from '../../program/use-t.ts';

interface Item {
  path: string;
  messageKey: string;
}

/** Flattens react-hook-form's nested errors into dotted paths and message keys. */
function flattenErrors(errors: FieldErrors<FieldValues>, prefix = ''): Item[] {
  const items: Item[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || key === 'ref' || key === 'root') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value.message === 'string' && value.message) items.push({ path, messageKey: value.message });
    else if (typeof value === 'object') items.push(...flattenErrors(value as FieldErrors<FieldValues>, path));
  }
  return items;
}

/** The control a person uses for a field: the named one, or the field's button when the name is on a hidden <select> (react-aria's Select). */
function fieldOf(path: string): HTMLElement | null {
  const named = document.querySelector<HTMLElement>(`[name="${path}"]`);
  if (named && named.tabIndex < 0) return named.closest('.field')?.querySelector<HTMLElement>('button') ?? named;
  return named ?? document.getElementById(`field-${path.replaceAll('.', '-')}`);
}

export function ErrorSummary({ errors, submitCount }: { errors: FieldErrors<FieldValues>; submitCount: number }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const items = flattenErrors(errors);
  useEffect(() => {
    if (submitCount === 0 || items.length === 0) return;
    // react-hook-form focuses the first invalid field, and again on a zero-delay timer set before this render:
    // a timer set now runs after it, so the summary always ends up with the focus.
    const timer = window.setTimeout(() => ref.current?.focus());
    return () => window.clearTimeout(timer);
    // Only a new submission moves focus here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);
  if (items.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} className="form-alert form-alert--error error-summary" role="alert">
      <p className="error-summary__title">{t('signup.errorSummary.title')}</p>
      <ul>
        {items.map((item) => (
          <li key={item.path}>
            <a
              href={`#field-${item.path.replaceAll('.', '-')}`}
              onClick={(event) => {
                event.preventDefault();
                fieldOf(item.path)?.focus();
              }}
            >
              {t(item.messageKey)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
