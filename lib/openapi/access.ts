// Who may call an operation, as the document's `x-roles` and `x-server-side-only` say, in the
// words the reference, the console and the MCP server use and the check the sandbox makes. Free of
// zod and of the document's loader, so the console can use it in the browser.

/** The key pairs that may make one request, and where it may be made from. */
export type Access = {
  /** The roles any one of which lets a key pair make the request. */
  roles: string[];
  /** Whether every documented role may: the document's `x-roles: any`. */
  anyRole: boolean;
  /** Body fields that also need one of their own roles to be sent, such as `funds_release`. */
  fields: { field: string; roles: string[] }[];
  /** Whether only a server may make it, with the private key or a token issued for it. */
  serverSideOnly: boolean;
  /** A sandbox test helper: production answers it `404` with `sandbox_only`. */
  sandboxOnly: boolean;
};

/** `agent`, `agent or finance`, `agent, finance or developer`, each in code type. */
function eitherRole(roles: string[]): string {
  const named = roles.map((role) => `\`${role}\``);
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} or ${named.at(-1)}` : named[0]!;
}

/** A body field's extra roles as its constraints say them: `only with the finance role`. */
export function fieldRolesText(roles: string[]): string {
  return `only with the ${roles.join(' or ')} role`;
}

/** The roles as one sentence: `Needs a key pair with the \`agent\` role.` */
export function rolesSentence(access: Access): string {
  if (access.anyRole) return 'Any role can call it.';
  const extra = access.fields.map(
    ({ field, roles }) => `, and with the ${eitherRole(roles)} role as well to send \`${field}\``,
  );
  return `Needs a key pair with the ${eitherRole(access.roles)} role${extra.join('')}.`;
}

const SERVER_SIDE_SENTENCE =
  'Call it only from your servers: it takes the private key, or a token issued for it.';
const SANDBOX_ONLY_SENTENCE =
  'Sandbox only: on the production base URL it answers `404` with `sandbox_only`.';

/** Everything the marks say, as sentences, for the Markdown export. */
export function accessSentences(access: Access): string[] {
  return [
    rolesSentence(access),
    ...(access.serverSideOnly ? [SERVER_SIDE_SENTENCE] : []),
    ...(access.sandboxOnly ? [SANDBOX_ONLY_SENTENCE] : []),
  ];
}

/** One mark of an endpoint: what it says, as a short label. */
export type AccessMark = { kind: 'roles' | 'server-side' | 'sandbox-only'; label: string };

/** The marks an endpoint shows beside its request: its roles, server-side only, sandbox only. */
export function accessMarks(access: Access): AccessMark[] {
  const fields = access.fields.map(
    ({ field, roles }) => ` (${roles.join(' or ')} too for ${field})`,
  );
  const roles = access.anyRole
    ? 'Any role'
    : `${access.roles.length > 1 ? 'Roles' : 'Role'}: ${access.roles.join(' or ')}${fields.join('')}`;
  return [
    { kind: 'roles', label: roles },
    ...(access.serverSideOnly ? [{ kind: 'server-side' as const, label: 'Server-side only' }] : []),
    ...(access.sandboxOnly ? [{ kind: 'sandbox-only' as const, label: 'Sandbox only' }] : []),
  ];
}

/**
 * The roles a key pair with `held` lacks for a request sending the body fields `sent`: the
 * operation's (any one of them), else a sent field's; undefined when it may make the request.
 */
export function missingRoles(
  access: Access,
  held: readonly string[],
  sent: readonly string[],
): { roles: string[]; field?: string } | undefined {
  const holdsOne = (roles: string[]) => roles.some((role) => held.includes(role));
  if (!holdsOne(access.roles)) return { roles: access.roles };
  const field = access.fields.find((entry) => sent.includes(entry.field) && !holdsOne(entry.roles));
  return field && { roles: field.roles, field: field.field };
}
