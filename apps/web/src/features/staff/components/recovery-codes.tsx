// The ten recovery codes, shown once at the end of the set-up: copy or download them, then say they are saved.
import { useState } from 'react';
import { downloadFile } from '../../../lib/download-file.ts';
import { useT } from '../../../program/use-t.ts';
import { StepHeading } from './step-heading.tsx';

export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const t = useT();
  const [copyNote, setCopyNote] = useState<'copied' | 'failed'>();
  const [isSaved, setSaved] = useState(false);
  const text = `${codes.join('\n')}\n`;
  // The clipboard may be refused (a permission, an insecure origin): then the download is the way.
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopyNote('copied');
    } catch {
      setCopyNote('failed');
    }
  };
  return (
    <section className="staff-step" aria-labelledby="staff-codes-title">
      <StepHeading id="staff-codes-title">{t('staff.codes.title')}</StepHeading>
      <p>{t('staff.codes.lead')}</p>
      <ol className="staff-codes" aria-label={t('staff.codes.listLabel')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions">
        <button type="button" className="button button--ghost" onClick={() => void copy()}>
          {t('staff.codes.copy')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => downloadFile('recovery-codes.txt', text, 'text/plain;charset=utf-8')}
        >
          {t('staff.codes.download')}
        </button>
      </div>
      <p role="status" className="staff-note">
        {copyNote === 'copied' ? t('staff.codes.copied') : null}
        {copyNote === 'failed' ? t('staff.codes.copyFailed') : null}
      </p>
      <label className="staff-check">
        <input type="checkbox" checked={isSaved} onChange={(event) => setSaved(event.target.checked)} />
        <span>{t('staff.codes.saved')}</span>
      </label>
      <div className="actions">
        <button type="button" className="button button--primary" disabled={!isSaved} onClick={onSaved}>
          {t('staff.codes.continue')}
        </button>
      </div>
    </section>
  );
}
