// The charges no request body describes, such as a hosted page's payment or an instalment's.
import type { Json, SandboxContext } from '../machines/types';
import type { SandboxObject } from '../model';
import { newObject } from '../transitions/new-object';

/** What every charge holds before it is authorised: nothing captured, refunded or disputed. */
export const UNAUTHORISED_CHARGE = {
  amount_captured: 0,
  amount_refunded: 0,
  extended_authorisation: false,
  fx_quote_id: null,
  capture_before: null,
  next_action: null,
  disputed: false,
  cancellation_reason: null,
  cancelled_at: null,
};

/** A charge no request body describes, such as a hosted page's payment or an instalment's. */
export const newCharge = (context: SandboxContext, fields: Json): SandboxObject =>
  newObject(context, 'charge', { ...UNAUTHORISED_CHARGE, ...fields });
