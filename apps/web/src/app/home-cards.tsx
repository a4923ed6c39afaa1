// The home's cards, in the order a patient sees them. Adding a card is one entry here: a component that reads
// its own query and shows its own skeleton and error (QueryRegion), so one failed call never blanks the home. A card
// may be lazy (lazyCard): a skeleton card holds its place until its chunk is in, then it shows its own skeleton.
import type { ComponentType } from 'react';
import { lazyCard } from './lazy-card.tsx';
import { TreatmentsHomeCard } from '../features/treatments/components/treatments-home-card.tsx';
import { TermsAcceptanceCard } from '../features/account/components/terms-acceptance-card.tsx';
import { BenefitsHomeCard } from '../features/benefits/components/benefits-home-card.tsx';
import { LearningHomeCard } from '../features/learning/components/learning-home-card.tsx';
import { ProfileCompletenessCard } from '../features/profile/components/profile-completeness-card.tsx';

interface HomeCard {
  id: string;
  Component: ComponentType;
  /** A feature toggle that hides the card when off. */
  feature?: string;
}

export const HOME_CARDS: HomeCard[] = [
  // Shows nothing unless the program's terms are newer than the ones the patient accepted.
  { id: 'terms', Component: TermsAcceptanceCard },
  { id: 'treatments', Component: TreatmentsHomeCard },
  // The patient's active discount codes, one tap from the code screen.
  { id: 'benefits', Component: BenefitsHomeCard, feature: 'benefits' },
  // Each medicine's 4+1 progress and the year's savings, one tap from its purchases (decision 059).
  // Its own chunk, loaded after the home's first paint: in the home route it took the route over its budget.
  {
    id: 'purchases',
    Component: lazyCard(() => import('./purchases-card.tsx').then((module) => module.default)),
    feature: 'purchases',
  },
  // The patient's next appointments, with change and cancel until the cut-off (decision 058). Its own chunk too: with
  // it the home route went past its budget (decision 052).
  {
    id: 'booking',
    Component: lazyCard(() =>
      import('../features/booking/components/booking-home-card.tsx').then((module) => module.BookingHomeCard),
    ),
    feature: 'booking',
  },
  // The next lesson of the program's own condition and the progress (decision 049).
  { id: 'learning', Component: LearningHomeCard, feature: 'learning' },
  { id: 'profile', Component: ProfileCompletenessCard },
];
