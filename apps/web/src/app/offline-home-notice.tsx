// The home while the device is offline (issue 38, item 2): one calm line that says so, and what works without the
// connection one tap away: the discount codes saved on this device (their screen opens offline, decision 046) and the
// lessons (saved for reading offline). The regions that need the connection say so themselves (QueryRegion).
import { Link } from 'react-aria-components';
import { useLanguage } from '../lib/language.tsx';
import { useIsOnline } from '../lib/online.ts';
import { pathInLanguage, paths } from '../lib/paths.ts';
import { isFeatureEnabled } from '../lib/features.ts';
import { storedCodeCards } from '../features/benefits/offline-code.ts';
import { useProgram } from '../program/program-context.tsx';
import { useT } from '../program/use-t.ts';
import '../features/benefits/components/benefits-home-card.css';

export function OfflineHomeNotice() {
  const t = useT();
  const { language } = useLanguage();
  const { featureToggles } = useProgram();
  const isOnline = useIsOnline();
  if (isOnline) return null;
  const cards = storedCodeCards();
  const lessons = !featureToggles || isFeatureEnabled('learning', featureToggles);
  return (
    <section className="ui-card offline-notice stack" aria-labelledby="offline-notice-title" role="status">
      <h2 id="offline-notice-title" className="ui-card__title">
        {t('home.offline.title')}
      </h2>
      <p>{t('home.offline.body')}</p>
      <ul className="row-links">
        {cards.map(({ card }) => (
          <li key={card.searchQuery}>
            <Link className="row-links__link" href={pathInLanguage(language, paths.couponCode(card.searchQuery))}>
              <strong>{t('home.offline.code', { product: card.medicine })}</strong>
              <span className="home-codes__code">{card.code.code}</span>
            </Link>
          </li>
        ))}
        {lessons ? (
          <li>
            <Link className="row-links__link" href={pathInLanguage(language, paths.learning())}>
              <strong>{t('home.offline.lessons')}</strong>
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
