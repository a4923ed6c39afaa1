// The home's shortcuts: one link to every section of the program's navigation that is switched on (the home aside).
import { Link } from 'react-aria-components';
import { Card } from '../ui/card.tsx';
import { NavIcon } from '../ui/nav-icon.tsx';
import { isFeatureEnabled } from '../../lib/features.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';

export function Shortcuts() {
  const t = useT();
  const { language } = useLanguage();
  const { navigation, featureToggles } = useProgram();
  const items = (navigation?.main ?? []).filter(
    (item) => item.path !== paths.home && (!item.feature || isFeatureEnabled(item.feature, featureToggles)),
  );
  if (items.length === 0) return null;
  return (
    <Card title={t('home.shortcuts.title')}>
      <ul className="shortcuts">
        {items.map((item) => (
          <li key={item.id}>
            {/* Icon, label and an arrow on a bordered tile: it reads as something to tap, not as a heading. */}
            <Link className="shortcut" href={pathInLanguage(language, item.path)}>
              <NavIcon name={item.id} />
              <span className="shortcut__label">{t(item.labelKey)}</span>
              <span className="shortcut__arrow" aria-hidden="true">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
