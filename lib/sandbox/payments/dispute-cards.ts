// What the sandbox's disputing test cards say in their IDs, as the Testing page lists them: the
// reason at the end, and at the start how the issuer treats the case.
import type { SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';

/** The reason a test card disputes with, named at the end of its ID (`tc_test_dispute_fraudulent`). */
export function reasonOf(cardId: unknown, context: SandboxContext): string | undefined {
  const reasons = context.model.views.get('chargeback')?.properties.reason?.values ?? [];
  return reasons.map(({ value }) => value).find((reason) => String(cardId).endsWith(`_${reason}`));
}

/** The test cards whose issuer asks for information before disputing (`tc_test_inquiry_…`). */
export const opensInquiry = (cardId: unknown) => String(cardId).startsWith('tc_test_inquiry_');

/** The test cards whose issuer gives more time to answer once the case is open (`tc_test_deadline_extended_…`). */
export const extendsDeadline = (cardId: unknown) =>
  String(cardId).startsWith('tc_test_deadline_extended_');

/**
 * What the cardholder disputes of a charge: what was captured, or half of it, rounded down, with
 * the test cards whose holder disputes only part (`tc_test_partial_dispute_…`).
 */
export function disputedAmount(charge: SandboxObject): number {
  const captured = Number(charge.amount_captured ?? charge.amount);
  return String(charge.tokenised_card_id).startsWith('tc_test_partial_dispute_')
    ? Math.floor(captured / 2)
    : captured;
}
