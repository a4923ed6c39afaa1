// A secret the server answers once (a set-up link, a pharmacy's key): shown as text to select, with Copy, and a note
// that it cannot be shown again. Done closes it.
import { useState, type ReactNode } from 'react';
import { useT } from '../../../program/use-t.ts';

interface Props {
  id: string;
  title: string;
  lead: ReactNode;
  label: string;
  value: string;
  onDone: () => void;
}

export function ShownOnce({ id, title, lead, label, value, onDone }: Props) {
  const t = useT();
  const [note, setNote] = useState<'copied' | 'failed'>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setNote('copied');
    } catch {
      setNote('failed');
    }
  };
  return (
    <section className="staff-once stack" aria-labelledby={id} tabIndex={-1}>
      <h3 id={id}>{title}</h3>
      <p>{lead}</p>
      <p className="staff-once__label" id={`${id}-label`}>
        {label}
      </p>
      <code className="staff-once__value" aria-labelledby={`${id}-label`} data-testid={`${id}-value`}>
        {value}
      </code>
      <div className="actions">
        <button type="button" className="button button--ghost" onClick={() => void copy()}>
          {t('staff.admin.copy')}
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          {t('staff.admin.done')}
        </button>
      </div>
      <p role="status" className="staff-note">
        {note === 'copied' ? t('staff.admin.copied') : null}
        {note === 'failed' ? t('staff.admin.copyFailed') : null}
      </p>
    </section>
  );
}
