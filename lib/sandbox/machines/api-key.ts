import { SandboxError } from '../errors';
import { API_KEY_KIND, newKeyPair } from '../key-pairs';
import type { Machine, RequestContext } from './types';

/** Refuses roles the calling key pair lacks, with the documented `api_key_roles_exceed_caller`. */
function requireRolesOfCaller(context: RequestContext) {
  const { roles } = context.body;
  if (!Array.isArray(roles)) return;
  const beyond = roles.filter((role) => !context.sandbox.roles.includes(String(role)));
  if (!beyond.length) return;
  throw new SandboxError(
    'api_key_roles_exceed_caller',
    `The calling key pair does not have the ${beyond.join(' and ')} role, so it cannot give it. Leave it out, or call with a key pair that has it.`,
    'roles',
  );
}

/**
 * API key: a sandbox key pair whose tokens have exactly its roles, never one the calling pair
 * lacks, and which cannot change once revoked. Its private key is shown once, in the create
 * response; the sandbox keeps only its digest.
 */
export const apiKeyMachine: Machine = {
  kind: API_KEY_KIND,
  async create(apiKey, context) {
    requireRolesOfCaller(context);
    const keys = newKeyPair(context.sandbox.id, String(apiKey.id));
    Object.assign(apiKey, {
      environment: 'sandbox',
      public_key: keys.publicKey,
      private_key: null,
      api_version: context.body.api_version ?? context.model.versions.current,
      status: 'active',
      last_used_at: null,
      revoked_at: null,
    });
    await context.objects.save(keys.digest);
    return { object: apiKey, events: [], answer: { ...apiKey, private_key: keys.privateKey } };
  },
  async update(_apiKey, before, context) {
    if (before.status === 'revoked') {
      throw new SandboxError(
        'api_key_revoked',
        `The key pair ${String(before.id)} is revoked, and a revoked pair cannot be changed. Create a new pair instead.`,
      );
    }
    requireRolesOfCaller(context);
  },
};
