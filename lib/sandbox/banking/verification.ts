// The check of the bank details an object carries before money moves to them, shared by the
// machines of the objects that carry them.
import { outsideRowEvents } from '../lifecycle';
import type { LaterStep, Machine, RequestContext } from '../machines/types';
import { scenarioFor } from '../scenarios';
import { requireIdentifiersOf } from './bank-identifiers';

/**
 * The check of the bank details a request sends, which ends after the asynchronous delay:
 * `verified`, or `rejected` when they carry the test account number of a rejection scenario of
 * the kind's create operation (on create, and on an update that sends new details).
 */
function checkOf(
  kind: string,
  context: RequestContext,
  given?: Record<string, unknown>,
): LaterStep {
  const create = [...context.model.operations.values()].find(
    (operation) => operation.shape === 'create' && operation.kind === kind,
  );
  const scenario =
    create &&
    scenarioFor(context.model.scenarios, create, {
      body: context.body,
      params: {},
      query: {},
    });
  const outcome = scenario?.outcome ?? {
    status: 'verified',
    events: outsideRowEvents(context, kind, 'verified'),
  };
  const changes = { status: outcome.status };
  return { changes, events: outcome.events, ...(given ? { given: structuredClone(given) } : {}) };
}

type Fields = Record<string, unknown>;

/** The country of a bank account: an IBAN's first two letters, else the UK of a sort code. */
const countryOf = (sent: Fields) =>
  typeof sent.iban === 'string' ? sent.iban.slice(0, 2).toUpperCase() : 'GB';

/**
 * The bank details sent, as the API returns them: the last four digits of the account number or
 * IBAN, the sort code and BIC only when sent; the full numbers are never kept.
 */
function maskDetails(details: Fields, sent: Fields) {
  const number = String(sent.account_number ?? sent.iban ?? '').replace(/\s/g, '');
  Object.assign(details, {
    last4: number.slice(-4),
    sort_code: sent.sort_code ?? null,
    bic: sent.bic ?? null,
  });
  for (const secret of ['account_number', 'iban']) delete details[secret];
}

/**
 * The object's bank details and the ones the request sent, or nothing when it sent none; sent
 * details without the identifiers of the object's currency are refused. Nested details are the
 * holder's name as sent, in the bank's country and the object's currency.
 */
function detailsOf(object: Fields, context: RequestContext, detailsField?: string) {
  const sent = (detailsField ? context.body[detailsField] : context.body) as Fields | undefined;
  if (!sent) return undefined;
  requireIdentifiersOf(String(object.currency), sent, detailsField ? `${detailsField}.` : '');
  if (!detailsField) return { details: object, sent };
  const previous = object[detailsField] as Fields | null | undefined;
  const details: Fields = {
    account_holder_name: sent.account_holder_name ?? previous?.account_holder_name ?? null,
    country: countryOf(sent),
    currency: object.currency,
  };
  object[detailsField] = details;
  return { details, sent };
}

/**
 * An object whose bank account is checked before money moves to it (a supplier, a beneficiary,
 * one of your bank accounts): created `pending_verification`, then `verified` or `rejected` with
 * its event; an update that sends new details in `detailsField` sends it back to
 * `pending_verification` and checks them again.
 */
export function verificationMachine(kind: string, detailsField?: string): Machine {
  const checked: Machine = {
    kind,
    async create(object, context) {
      const found = detailsOf(object, context, detailsField);
      if (found) maskDetails(found.details, found.sent);
      object.status = 'pending_verification';
      // A beneficiary lives where its bank account is, unless the request says otherwise.
      if (detailsField && object.country === undefined) {
        object.country = context.body.country ?? (object[detailsField] as Fields).country;
      }
      const given = detailsField ? { [detailsField]: object[detailsField] } : undefined;
      return { object, events: [], later: checkOf(kind, context, given) };
    },
  };
  if (!detailsField) return checked;
  return {
    ...checked,
    async update(object, _before, context) {
      const found = detailsOf(object, context, detailsField);
      if (!found) return;
      maskDetails(found.details, found.sent);
      object.status = 'pending_verification';
      // An earlier check still under way does not decide these new details.
      return checkOf(kind, context, { [detailsField]: found.details });
    },
  };
}
