import { SandboxError } from '../errors';
import type { Machine } from './types';

/**
 * Event: resent to an enabled webhook endpoint with its own ID. The sandbox delivers every
 * event to its inbox, so the resend arrives there, signed afresh.
 */
export const eventMachine: Machine = {
  kind: 'event',
  actions: {
    async resend(event, context) {
      const endpointId = String(context.body.webhook_endpoint_id);
      const endpoint = await context.objects.find('webhook_endpoint', endpointId);
      if (endpoint?.status === 'disabled') {
        throw new SandboxError(
          'webhook_endpoint_disabled',
          `The webhook endpoint ${endpointId} is disabled. Enable it, then resend.`,
          'webhook_endpoint_id',
        );
      }
      await context.events.deliverAgain(event, false, context.now);
      return { object: event, events: [] };
    },
  },
};
