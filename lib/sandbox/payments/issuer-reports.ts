// What the issuer of a saved test card reports about it through the card schemes' updater
// services, seconds after it is saved: the events the card number's scenario lists for it.
import type { LaterStep, SandboxContext } from '../machines/types';
import { scenariosWith } from '../scenarios';

const UPDATED = 'tokenised_card.updated';
const EXPIRING = 'tokenised_card.expiring';
/** How many years ahead the issuer puts the expiry date of a reissued test card. */
const REISSUED_CARD_YEARS_VALID = 5;

type Expiry = { exp_month: number; exp_year: number };

/** The events the scenario of a test card number sends about the card once it is saved. */
export function issuerReports(context: SandboxContext, cardNumber: string): string[] {
  const [scenario] = scenariosWith(context.model.scenarios, 'card_number', cardNumber);
  return (scenario?.outcome.events ?? []).filter((type) => type === UPDATED || type === EXPIRING);
}

/** The expiry date of a test card its issuer will report as expiring: the end of next month. */
export function reportedExpiry(reports: string[], now: number): Expiry | undefined {
  if (!reports.includes(EXPIRING)) return undefined;
  const today = new Date(now);
  const nextMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
  return { exp_month: nextMonth.getUTCMonth() + 1, exp_year: nextMonth.getUTCFullYear() };
}

/** The step that moves a saved card to `expired` when its expiry month ends, unless reissued before. */
export function cardExpiryStep(card: Record<string, unknown>): LaterStep | undefined {
  const { exp_month: month, exp_year: year } = card;
  if (typeof month !== 'number' || typeof year !== 'number') return undefined;
  return { changes: { status: 'expired' }, events: [], at: Date.UTC(year, month, 1), byTime: true };
}

/** The step in which the issuer reports on a saved card: a reissued one has a new expiry date. */
export function issuerReportStep(reports: string[], now: number): LaterStep | undefined {
  if (reports.length === 0) return undefined;
  const today = new Date(now);
  const reissued: Expiry = {
    exp_month: today.getUTCMonth() + 1,
    exp_year: today.getUTCFullYear() + REISSUED_CARD_YEARS_VALID,
  };
  return { changes: reports.includes(UPDATED) ? reissued : {}, events: reports };
}
