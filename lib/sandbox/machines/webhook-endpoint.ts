import { isIP } from 'node:net';
import { SandboxError } from '../errors';
import type { Json, Machine, RequestContext } from './types';

// Host names that never reach the public internet.
const PRIVATE_HOSTS = /(^localhost$|\.localhost$|\.local$|\.internal$)/;

/** Whether a URL is the documented kind: public HTTPS, no IP address, no local host name. */
function isPublicHttps(value: unknown): boolean {
  try {
    const url = new URL(String(value));
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return (
      url.protocol === 'https:' && !isIP(host) && !PRIVATE_HOSTS.test(host) && host.includes('.')
    );
  } catch {
    return false;
  }
}

/** Refuses a URL that is not public HTTPS, and event types the document does not declare. */
function requireValidEndpoint(context: RequestContext) {
  const { url, enabled_events: types } = context.body;
  if (url !== undefined && !isPublicHttps(url)) {
    throw new SandboxError(
      'webhook_url_invalid',
      'The url must be a public https:// URL. In the sandbox, read deliveries from the inbox or forward them to localhost.',
      'url',
    );
  }
  const unknown = ((types ?? []) as string[]).find(
    (type) => type !== '*' && !context.events.isDocumented(type),
  );
  if (unknown) {
    throw new SandboxError(
      'parameter_invalid',
      `Unknown event type: ${unknown}. Use the types listed in Webhooks, or "*".`,
      'enabled_events',
    );
  }
}

/** The documented default overlap of a rotation: one day. */
const DEFAULT_OVERLAP_SECONDS = 86_400;

/**
 * Webhook endpoint: a public HTTPS URL. The sandbox never calls it: its events go to the inbox,
 * signed with the sandbox's secret, which the create and rotate responses show once as the
 * endpoint's. Rotating one endpoint's secret rotates the sandbox's, which all its endpoints share.
 */
export const webhookEndpointMachine: Machine = {
  kind: 'webhook_endpoint',
  async create(endpoint, context) {
    requireValidEndpoint(context);
    Object.assign(endpoint, {
      api_version: context.body.api_version ?? context.model.versions.current,
      status: 'enabled',
      disabled_reason: null,
      livemode: false,
      secret: null,
      previous_secret_expires_at: null,
    });
    const { secret } = await context.events.signingSecrets(context.now);
    return { object: endpoint, events: [], answer: { ...endpoint, secret } };
  },
  async update(endpoint, _before, context) {
    requireValidEndpoint(context);
    (endpoint as Json).secret = null;
    if (context.body.status !== undefined) {
      endpoint.disabled_reason = endpoint.status === 'disabled' ? 'requested' : null;
    }
  },
  actions: {
    async rotate_secret(endpoint, context) {
      const overlap = Number(context.body.expire_previous_after ?? DEFAULT_OVERLAP_SECONDS);
      const { secret, previousExpiresAt } = await context.events.rotateSigningSecret(
        context.now,
        overlap,
      );
      endpoint.previous_secret_expires_at = previousExpiresAt;
      // The endpoint stops showing the overlap once the old secret no longer signs.
      const later = previousExpiresAt
        ? {
            changes: { previous_secret_expires_at: null },
            events: [],
            at: Date.parse(previousExpiresAt),
          }
        : undefined;
      return { object: endpoint, events: [], answer: { ...endpoint, secret }, later };
    },
  },
};
