import { missingRoles, type Access } from '@/lib/openapi/access';
import { SandboxError } from './errors';

/**
 * Refuses, with the documented `403` `insufficient_permissions`, a request the token's key pair
 * has no role for: the operation's roles, or those of a body field it sends.
 */
export function requireRoles(access: Access, roles: readonly string[], body: unknown) {
  const sent = body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : [];
  const missing = missingRoles(access, roles, sent);
  if (!missing) return;
  const needed = missing.roles.join(' or ');
  throw new SandboxError(
    'insufficient_permissions',
    missing.field
      ? `Sending ${missing.field} needs a key pair with the ${needed} role as well, which this key pair does not have. Leave it out, or use a pair with that role.`
      : `This key pair does not have the ${needed} role. Use a key pair with that role.`,
  );
}
