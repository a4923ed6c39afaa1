// The home's first answers that the login's answer carries (decision 088): kept here from the login (whose route has no
// query library, decision 028) until the screens' query client takes them (app/layouts/screen-providers.tsx), so that
// the home paints its greeting, ribbon and first card without another round trip after the login.
import type { FirstHomeAnswers } from '@portal/contracts/way-in';

type Taker = (answers: FirstHomeAnswers) => void;

let kept: FirstHomeAnswers | undefined;
let taker: Taker | undefined;

/** Keeps the answers of a login (its `home`, camelCased as every answer) until the screens' query client takes them. */
export function keepFirstAnswers(answers: unknown): void {
  if (typeof answers !== 'object' || answers === null) return;
  if (taker) taker(answers as FirstHomeAnswers);
  else kept = answers as FirstHomeAnswers;
}

/** The screens' query client takes the answers: those kept already at once, any later ones as they come. */
export function takeFirstAnswers(take: Taker): void {
  taker = take;
  if (kept) take(kept);
  kept = undefined;
}
