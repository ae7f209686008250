import { shareHeldAccounts } from '../banking/aisp-accounts';
import { hostedPageUrl } from '../hosted-urls';
import { AISP_AUTHORISATION_WINDOW_MS, SANDBOX_BANK_NAME } from '../limits';
import { timestamp } from '../time';
import { expiryStep } from '../transitions/expiry';
import type { LaterStep, Machine } from './types';

/** The bank every account holder chooses on the sandbox's authorisation page. */

/**
 * AISP consent: `awaiting_authorisation` until the holder answers at their bank (a test helper
 * in the sandbox), `expired` when they have not within 30 minutes; an authorised consent shares
 * the holder's accounts under IDs of its own and expires at its `expires_at`.
 */
export const aispConsentMachine: Machine = {
  kind: 'aisp_consent',
  async create(consent, context) {
    Object.assign(consent, {
      status: 'awaiting_authorisation',
      institution_name: null,
      authorised_at: null,
      authorisation_url: hostedPageUrl('aisp_consent', consent.id),
    });
    const unused: LaterStep = {
      changes: { status: 'expired' },
      events: ['aisp_consent.expired'],
      at: context.now + AISP_AUTHORISATION_WINDOW_MS,
      byTime: true,
    };
    return { object: consent, events: [], later: unused };
  },
  actions: {
    async authorise(consent, context) {
      if (context.body.result === 'rejected') {
        consent.status = 'rejected';
        return { object: consent, events: ['aisp_consent.rejected'] };
      }
      Object.assign(consent, {
        status: 'authorised',
        institution_name: SANDBOX_BANK_NAME,
        authorised_at: timestamp(context.now),
      });
      await shareHeldAccounts(consent, context);
      return {
        object: consent,
        events: ['aisp_consent.authorised'],
        later: expiryStep(consent, context, 'aisp_consent.expired'),
      };
    },
  },
};
