import { SandboxError } from '../errors';
import { writeIn } from '../versions';
import type { Machine } from './types';

/**
 * Event: resent to an enabled webhook endpoint with its own ID, in the endpoint's API version.
 * The sandbox delivers every event to its inbox, so the resend arrives there, signed afresh.
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
      const version = String(endpoint?.api_version ?? context.model.versions.current);
      const written = writeIn(version, event) as typeof event;
      await context.events.deliverAgain(written, false, context.now);
      return { object: event, events: [] };
    },
  },
};
