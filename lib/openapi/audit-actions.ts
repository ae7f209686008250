// Which API operation records each audit action, read from the `x-recorded-by` of the document's
// `AuditEventAction`: the sandbox records its requests' audit events by it. Actions it does not
// name, such as a dashboard user's invitation, come from the dashboard alone.
import { z } from 'zod';
import type { ApiDocument, Operation } from './document';

const RecordedBySchema = z.record(z.string(), z.string());

const cache = new WeakMap<ApiDocument, Map<string, string>>();

/** The audit action each operation records, by `operationId`, or an error naming what to fix. */
export function auditActions(document: ApiDocument): Map<string, string> {
  const known = cache.get(document);
  if (known) return known;
  const schema = document.components.schemas.AuditEventAction;
  const where = 'openapi/openapi.yaml: #/components/schemas/AuditEventAction/x-recorded-by';
  const parsed = RecordedBySchema.safeParse((schema as Record<string, unknown>)['x-recorded-by']);
  if (!parsed.success) throw new Error(`${where} must map each action to an operationId.`);
  const operationIds = new Set(
    Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => (operation as Operation).operationId ?? []),
    ),
  );
  const byOperation = new Map<string, string>();
  for (const [action, operationId] of Object.entries(parsed.data)) {
    if (!schema?.enum?.includes(action)) {
      throw new Error(`${where} names ${action}, which is not in the enum. Add it there.`);
    }
    if (!operationIds.has(operationId)) {
      throw new Error(`${where}/${action} names ${operationId}, which no operation is. Fix it.`);
    }
    byOperation.set(operationId, action);
  }
  cache.set(document, byOperation);
  return byOperation;
}
