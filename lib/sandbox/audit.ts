// The audit log of a sandbox's own API requests: an operation that the document's
// `AuditEventAction` names in `x-recorded-by` records who acted, from where, and each field the
// action changed. Values are read from the stored objects, never from the request or the answer,
// so a secret, a private key or a full account number, which no stored object holds, never
// appears in `changes`.
import { isIP } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { auditActions } from '@/lib/openapi/audit-actions';
import { construct } from './construct';
import type { Answer } from './idempotency';
import { singleton } from './money/balance';
import type { Json, RequestContext } from './machines/types';
import type { SandboxObject } from './model';

/** Who sent an API request and from where, as its audit event names them. */
export type AuditCaller = {
  /** The `key_` key pair behind the request's token. */
  apiKeyId: string | null;
  /** The client's address, as the rate limits count it. */
  address: string;
  requestId: string;
};

/** The object the operation acts on as stored now: the one its path names, or the one of its kind. */
function subjectOf(context: RequestContext, key?: string): Promise<SandboxObject | undefined> {
  const { operation, params, objects } = context;
  const kind = operation.kind!;
  const named = key ?? (operation.idParam ? params[operation.idParam] : undefined);
  return named === undefined ? singleton(context, kind) : objects.find(kind, named);
}

/**
 * What an action changed: for a creation, each field the request set, from `null`; otherwise
 * each field the request named, and the status, whose value moved; nothing for a removal.
 */
function changesOf(
  body: Json,
  before: SandboxObject | undefined,
  after: SandboxObject | undefined,
) {
  const changes: Record<string, [unknown, unknown]> = {};
  if (!after) return changes;
  const fields = before ? [...Object.keys(body), 'status'] : Object.keys(body);
  for (const field of new Set(fields)) {
    if (!(field in after)) continue;
    const was = before ? before[field] : null;
    if (before && isDeepStrictEqual(was, after[field])) continue;
    changes[field] = [was, after[field]];
  }
  return changes;
}

/**
 * Runs an API request's operation and, when it records an audit action, stores the audit event
 * of what it did, in the same atomic section, so a refused request leaves none.
 */
export async function audited(
  context: RequestContext,
  caller: AuditCaller,
  run: () => Promise<Answer>,
): Promise<Answer> {
  const { operation, model } = context;
  const action = auditActions(model.document).get(operation.operationId);
  if (!action) return run();
  const creates = operation.shape === 'create';
  const before = creates ? undefined : await subjectOf(context);
  const answer = await run();
  const createdId = creates ? String((answer.body as Json).id) : undefined;
  const after = operation.deletes ? undefined : await subjectOf(context, createdId);
  const subject = (after ?? before)!;
  const event = construct(model, 'audit_event', {
    key: context.newId('audit_event'),
    now: context.now,
    given: {
      action,
      actor: { type: 'api_key', email: null, api_key_id: caller.apiKeyId },
      resource_type: subject.object,
      resource_id: String(subject.id),
      changes: changesOf(context.body, before, after),
      source: 'api',
      ip_address: isIP(caller.address) ? caller.address : null,
      request_id: caller.requestId,
    },
  });
  await context.objects.save(event);
  return answer;
}
