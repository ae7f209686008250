// Fields the document derives from other objects (`x-source: derived`), worked out from those
// objects whenever one is read or saved, so they can never disagree with what they sum up.
import type { SandboxObject } from './model';

/** Reads the objects of a kind, as the sandbox holds them. */
type Reader = (kind: string) => Promise<SandboxObject[]>;

type Application = { booking_id: string; amount: number };

/**
 * A booking's `amount_paid`: its charges' captures less their refunds, plus the credit notes
 * applied to it; `amount_due`: `total_amount` less that, never below 0, and 0 once cancelled.
 */
async function bookingAmounts(bookings: SandboxObject[], read: Reader) {
  const paid = new Map<unknown, number>();
  const add = (bookingId: unknown, amount: number) =>
    paid.set(bookingId, (paid.get(bookingId) ?? 0) + amount);
  for (const charge of await read('charge')) {
    add(charge.booking_id, Number(charge.amount_captured) - Number(charge.amount_refunded));
  }
  for (const note of await read('credit_note')) {
    for (const application of note.applications as Application[]) {
      add(application.booking_id, application.amount);
    }
  }
  for (const booking of bookings) {
    const amountPaid = paid.get(booking.id) ?? 0;
    booking.amount_paid = amountPaid;
    booking.amount_due =
      booking.status === 'cancelled' ? 0 : Math.max(0, Number(booking.total_amount) - amountPaid);
  }
}

/** Statuses in which a credit note's remainder can still be applied. */
const APPLICABLE = ['open', 'partially_applied'];

/** A credit note's `amount_remaining`: `amount` less its applications while it can be applied, else 0. */
async function creditRemaining(notes: SandboxObject[]) {
  for (const note of notes) {
    const applied = (note.applications as Application[]).reduce(
      (sum, { amount }) => sum + amount,
      0,
    );
    note.amount_remaining = APPLICABLE.includes(String(note.status))
      ? Number(note.amount) - applied
      : 0;
  }
}

/** Disbursements that count towards their component: those not failed or cancelled. */
const COUNTED_DISBURSEMENTS = ['pending', 'in_transit', 'paid'];

/** A booking component's `amount_disbursed`: the total of its disbursements still counted. */
async function componentDisbursed(components: SandboxObject[], read: Reader) {
  const disbursed = new Map<unknown, number>();
  for (const disbursement of await read('disbursement')) {
    if (!COUNTED_DISBURSEMENTS.includes(String(disbursement.status))) continue;
    const id = disbursement.booking_component_id;
    disbursed.set(id, (disbursed.get(id) ?? 0) + Number(disbursement.amount));
  }
  for (const component of components) component.amount_disbursed = disbursed.get(component.id) ?? 0;
}

const DERIVATIONS: Record<string, (objects: SandboxObject[], read: Reader) => Promise<void>> = {
  booking: bookingAmounts,
  booking_component: componentDisbursed,
  credit_note: creditRemaining,
};

/** Works out the derived fields of objects of one kind, in place. */
export async function derive(kind: string, objects: SandboxObject[], read: Reader) {
  if (objects.length > 0) await DERIVATIONS[kind]?.(objects, read);
  return objects;
}
