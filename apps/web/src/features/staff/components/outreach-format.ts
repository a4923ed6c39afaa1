// How the console writes adherence's figures (decisions 079, 080): a PDC as a whole percentage in the page's language,
// and the text keys of the outcomes and the reasons for stopping, written out for the programs' text checker.
import type { OutreachOutcomeKind, OutreachStopReason } from '@portal/contracts/outreach';

/** A PDC (0 to 1) as "83 %" / "83%": whole percent, rounded down, so that 79.6 % never reads as adherent. */
export function formatPdc(pdc: number, language: 'es' | 'en'): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-419' : 'en-US', {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(Math.floor(pdc * 100) / 100);
}

export const OUTREACH_OUTCOME_KEYS: Record<OutreachOutcomeKind, string> = {
  'will-buy': 'staff.outreach.outcome.willBuy',
  stopped: 'staff.outreach.outcome.stopped',
  'wrong-number': 'staff.outreach.outcome.wrongNumber',
  'no-answer': 'staff.outreach.outcome.noAnswer',
};

export const STOP_REASON_KEYS: Record<OutreachStopReason, string> = {
  'side-effects': 'staff.outreach.stopReason.sideEffects',
  cost: 'staff.outreach.stopReason.cost',
  doctor: 'staff.outreach.stopReason.doctor',
  'feels-better': 'staff.outreach.stopReason.feelsBetter',
  other: 'staff.outreach.stopReason.other',
};
