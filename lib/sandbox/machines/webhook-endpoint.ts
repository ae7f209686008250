import { isIP } from 'node:net';
import { SandboxError } from '../errors';
import { endFailingStreak, failedLongEnough } from '../failing-deliveries';
import type { SandboxObject } from '../model';
import type { Json, LaterStep, Machine, RequestContext, SandboxContext } from './types';

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
 * Shows the sandbox's rotation overlap on an endpoint, since all its endpoints share one secret,
 * and answers the step that clears it when the old secret stops signing, unless it changed since.
 */
function showOverlap(
  endpoint: SandboxObject,
  previousExpiresAt: string | null,
): LaterStep | undefined {
  endpoint.previous_secret_expires_at = previousExpiresAt;
  if (!previousExpiresAt) return undefined;
  return {
    changes: { previous_secret_expires_at: null },
    events: [],
    at: Date.parse(previousExpiresAt),
    given: { previous_secret_expires_at: previousExpiresAt },
    byTime: true,
  };
}

/** Shows the overlap in force now, for an endpoint whose status changed: its end is queued anew. */
async function showCurrentOverlap(endpoint: SandboxObject, context: SandboxContext) {
  const { previousExpiresAt } = await context.events.signingSecrets(context.now);
  return showOverlap(endpoint, previousExpiresAt);
}

/**
 * Webhook endpoint: a public HTTPS URL. The sandbox never calls it: its events go to the inbox,
 * signed with the sandbox's secret, which the create and rotate responses show once as the
 * endpoint's. Rotating one endpoint's secret rotates the sandbox's, which all its endpoints share,
 * and the failures the forwarder reports disable them all, by the documented rule.
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
    });
    const { secret, previousExpiresAt } = await context.events.signingSecrets(context.now);
    const later = showOverlap(endpoint, previousExpiresAt);
    return { object: endpoint, events: [], answer: { ...endpoint, secret }, later };
  },
  async update(endpoint, before, context) {
    requireValidEndpoint(context);
    (endpoint as Json).secret = null;
    if (endpoint.status === before.status) return;
    endpoint.disabled_reason = endpoint.status === 'disabled' ? 'requested' : null;
    // Deliveries resume from the next event, so the failing days count afresh.
    if (endpoint.status === 'enabled') await endFailingStreak(context.objects);
    // The overlap's end was queued for the status the endpoint had.
    return showCurrentOverlap(endpoint, context);
  },
  async settle(endpoint, _step, context) {
    // Any due step of an enabled endpoint, its failing check among them, applies the failing rule.
    if (endpoint.status !== 'enabled' || !(await failedLongEnough(context))) return;
    Object.assign(endpoint, { status: 'disabled', disabled_reason: 'failing' });
    const overlapEnd = await showCurrentOverlap(endpoint, context);
    if (overlapEnd) await context.schedule(endpoint, overlapEnd);
  },
  actions: {
    async rotate_secret(endpoint, context) {
      const overlap = Number(context.body.expire_previous_after ?? DEFAULT_OVERLAP_SECONDS);
      const { secret, previousExpiresAt } = await context.events.rotateSigningSecret(
        context.now,
        overlap,
      );
      const others = (await context.objects.all('webhook_endpoint')).filter(
        (other) => other.id !== endpoint.id,
      );
      for (const other of others) {
        const overlapEnd = showOverlap(other, previousExpiresAt);
        if (overlapEnd) await context.schedule(other, overlapEnd);
      }
      const later = showOverlap(endpoint, previousExpiresAt);
      return {
        object: endpoint,
        events: [],
        answer: { ...endpoint, secret },
        later,
        related: others,
      };
    },
  },
};
