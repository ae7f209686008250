import { singleton } from '../money/balance';
import type { Machine } from './types';

/** What a sub-organisation takes from its parent unless the request sets it. */
const INHERITED = ['default_currency', 'support_email', 'support_phone'] as const;

/**
 * Sub-organisation: a brand of your organisation, which shares its legal name, country,
 * verification and release of funds, and takes its currency and support details unless sent.
 */
export const organisationMachine: Machine = {
  kind: 'organisation',
  async create(organisation, context) {
    const parent = (await singleton(context, 'organisation'))!;
    Object.assign(organisation, {
      legal_name: parent.legal_name,
      country: parent.country,
      verification_status: parent.verification_status,
      funds_release: parent.funds_release,
      parent_id: parent.id,
    });
    for (const field of INHERITED) organisation[field] = context.body[field] ?? parent[field];
    return { object: organisation, events: [] };
  },
};
