import { SandboxError } from '../errors';
import { freshId } from '../ids';
import type { SandboxObject } from '../model';
import { timestamp } from '../synthesis';
import { decide, refuseIfScenarioErrs } from './outcome';
import { recordPayment } from './references';
import type { RequestContext, Transition } from './types';

/** A hosted page's object (payment link, checkout order): the status it is paid in, and after. */
export type HostedPage = { payable: string; paid: string; notPayableCode: string };

/** The card a hosted page saves when `save_card` is set: a new tokenised card of the customer. */
async function saveCard(customerId: unknown, context: RequestContext): Promise<string | undefined> {
  const [template] = context.model.seeds.get('tokenised_card')?.values() ?? [];
  const prefix = context.model.prefixOfKind.get('tokenised_card');
  if (!template || !prefix) return undefined;
  const card: SandboxObject = {
    ...structuredClone(template),
    id: freshId(prefix),
    customer_id: customerId,
    status: 'active',
    metadata: {},
    created_at: timestamp(context.now),
  };
  await context.objects.save(card);
  return String(card.id);
}

/**
 * Pays a hosted page as a customer would (a sandbox test helper): a successful charge pays it,
 * and its events follow; a declining test card leaves it payable with a failed charge.
 */
export async function payHostedPage(
  page: SandboxObject,
  context: RequestContext,
  hosted: HostedPage,
): Promise<Transition> {
  refuseIfScenarioErrs(context);
  if (page.status !== hosted.payable) {
    throw new SandboxError(
      hosted.notPayableCode,
      `The ${page.object.replaceAll('_', ' ')} is ${String(page.status)}, not ${hosted.payable}.`,
    );
  }
  const outcome = decide(context, 'charge', {
    status: 'succeeded',
    failureCode: null,
    events: ['charge.succeeded', `${page.object}.${hosted.paid}`],
  });
  if (outcome.status !== 'succeeded') return { object: page, events: outcome.events };
  page.status = hosted.paid;
  if (page.save_card === true) page.tokenised_card_id = await saveCard(page.customer_id, context);
  await recordPayment(context, page.booking_id, Number(page.amount));
  return { object: page, events: outcome.events };
}
