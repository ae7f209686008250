import { SandboxError } from '../errors';
import type { SandboxObject } from '../model';
import { subjectOf } from '../validation-messages';
import type { Machine, RequestContext } from './types';

/** Disbursements whose money may still reach the supplier, so their component stays owed. */
const UNDERWAY = ['pending', 'in_transit'];

/** Refuses any change but `metadata` to a cancelled component, its status included. */
function requireNotCancelled(before: SandboxObject, context: RequestContext) {
  const changed = Object.keys(context.body).filter((field) => field !== 'metadata');
  if (before.status !== 'cancelled' || changed.length === 0) return;
  throw new SandboxError(
    'booking_component_cancelled',
    `The booking component ${String(before.id)} is cancelled: it takes only metadata changes. Create a new component if the service is booked again.`,
    changed[0]!,
  );
}

/** Refuses a cost below what is already paid or on its way to the supplier. */
function requireCostCovered(component: SandboxObject, before: SandboxObject) {
  const disbursed = Number(before.amount_disbursed);
  if (Number(component.cost_amount) >= disbursed) return;
  throw new SandboxError(
    'parameter_invalid',
    `${subjectOf('cost_amount')} must be at least the component's amount_disbursed, ${disbursed}.`,
    'cost_amount',
  );
}

/** Refuses cancelling a component while one of its disbursements may still reach the supplier. */
async function requireNoDisbursementUnderway(component: SandboxObject, context: RequestContext) {
  const disbursements = await context.objects.all('disbursement');
  const underway = disbursements.find(
    (disbursement) =>
      disbursement.booking_component_id === component.id &&
      UNDERWAY.includes(String(disbursement.status)),
  );
  if (!underway) return;
  const fix =
    underway.status === 'pending'
      ? 'cancel the disbursement first'
      : 'wait until it is paid or failed';
  throw new SandboxError(
    'booking_component_disbursement_pending',
    `The booking component ${String(component.id)} cannot be cancelled while its disbursement ${String(underway.id)} is ${String(underway.status)}: ${fix}.`,
    'status',
  );
}

/**
 * Booking component: `pending` until you record that its supplier has confirmed it; cancelled
 * once no disbursement of it is under way, and then closed to changes but its metadata. Its cost
 * never drops below what was disbursed for it.
 */
export const bookingComponentMachine: Machine = {
  kind: 'booking_component',
  async create(component) {
    component.status = 'pending';
    return { object: component, events: [] };
  },
  async update(component, before, context) {
    requireNotCancelled(before, context);
    if (context.body.cost_amount !== undefined) requireCostCovered(component, before);
    if (component.status === 'cancelled') await requireNoDisbursementUnderway(component, context);
  },
};
