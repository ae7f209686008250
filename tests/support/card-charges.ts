// What the sandbox's card tests share (sandbox/card-on-file, sandbox/card-authentication): the
// documented charge made in your checkout with the customer there, the form of a card network's
// transaction ID, and paying a hosted payment link as its customer does.
import { CHARGE, type sandboxForEachTest } from './sandbox-session';

const RETURN_URL = 'https://agent.example.com/bookings/KP-2026-00417/pay/return';
/** The documented charge of a saved card, made on-session: the customer is in your checkout. */
export const ON_SESSION_CHARGE = { ...CHARGE, off_session: false, return_url: RETURN_URL };
/** A card network's transaction ID: 15 digits. */
export const NETWORK_ID = /^\d{15}$/;

type Post = ReturnType<typeof sandboxForEachTest>['post'];

/** Pays a hosted payment link by its ID, as its customer does, with the sandbox's test helper. */
export const paymentLinkPayer = (post: Post) => (id: string, body: unknown) =>
  post(`/v1/test_helpers/payment_links/${id}/pay`, body);
