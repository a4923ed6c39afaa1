// The page-level 'Unexpected error' (spec section 8), and the chunk time-out view that offers a reload.
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';

export function PageError() {
  const t = useT();
  const { program } = useProgram();
  const { language } = useLanguage();
  return (
    <main id="main" className="page page--centered">
      <div className="card" role="alert">
        <h1>{t('errors.page.title')}</h1>
        <p>{t('errors.page.body', { 0: program.name })}</p>
        {/* A full load, not a client navigation: the app may be in a broken state. */}
        <a className="button button--primary" href={pathInLanguage(language, paths.home)}>
          {t('errors.page.action', { 0: program.name })}
        </a>
      </div>
    </main>
  );
}

export function ChunkLoadFailure() {
  const t = useT();
  return (
    <main id="main" className="page page--centered">
      <div className="card" role="alert">
        <h1>{t('errors.chunkLoad.title')}</h1>
        <p>{t('errors.chunkLoad.body')}</p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('errors.chunkLoad.reload')}
        </button>
      </div>
    </main>
  );
}
