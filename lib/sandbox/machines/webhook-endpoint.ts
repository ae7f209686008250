import { isIP } from 'node:net';
import { SandboxError } from '../errors';
import type { Machine } from './types';

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

/**
 * Webhook endpoint: a public HTTPS URL. The sandbox never calls it: its events go to the inbox,
 * signed with the secret the endpoint returns, which is the sandbox's own.
 */
export const webhookEndpointMachine: Machine = {
  kind: 'webhook_endpoint',
  async create(endpoint, context) {
    if (!isPublicHttps(context.body.url)) {
      throw new SandboxError(
        'webhook_url_invalid',
        'The url must be a public https:// URL. In the sandbox, read deliveries from the inbox or forward them to localhost.',
        'url',
      );
    }
    Object.assign(endpoint, { secret: context.sandbox.signingSecret, livemode: false });
    return { object: endpoint, events: [] };
  },
  async update(_endpoint, context) {
    if (context.body.url !== undefined && !isPublicHttps(context.body.url)) {
      throw new SandboxError(
        'webhook_url_invalid',
        'The url must be a public https:// URL.',
        'url',
      );
    }
  },
};
