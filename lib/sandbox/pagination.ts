import { SandboxError } from './errors';
import { excerpt } from './validation-messages';
import type { SandboxObject } from './model';

const DEFAULT_LIMIT = 20;

/** The value a filter compares: the field, or for `object_id` the ID of what an event is about. */
function filteredValue(object: SandboxObject, name: string): unknown {
  if (name in object) return object[name];
  if (name === 'object_id') return (object.data as { object?: { id?: unknown } })?.object?.id;
  return undefined;
}

/** Whether a value matches a filter: equal, or of one family such as `charge.*` for event types. */
function matches(value: unknown, wanted: unknown): boolean {
  const text = String(wanted);
  if (text.endsWith('.*')) return String(value).startsWith(text.slice(0, -1));
  return String(value) === text;
}

/** The objects that match a list's filters: equal fields, and the documented time window. */
export function filterObjects(
  objects: SandboxObject[],
  query: Record<string, unknown>,
  filters: string[],
): SandboxObject[] {
  const after =
    typeof query.created_after === 'string' ? Date.parse(query.created_after) : undefined;
  const before =
    typeof query.created_before === 'string' ? Date.parse(query.created_before) : undefined;
  return objects.filter((object) => {
    for (const name of filters) {
      const value = filteredValue(object, name);
      if (query[name] === undefined || value === undefined) continue;
      if (!matches(value, query[name])) return false;
    }
    const created = Date.parse(String(object.created_at ?? ''));
    if (after !== undefined && !(created >= after)) return false;
    if (before !== undefined && !(created < before)) return false;
    return true;
  });
}

/** One page of a list, with the documented cursor pagination (`starting_after`, `ending_before`). */
export function paginate(
  objects: SandboxObject[],
  query: Record<string, unknown>,
  keyOf: (object: SandboxObject) => string,
) {
  const limit = typeof query.limit === 'number' ? query.limit : DEFAULT_LIMIT;
  const cursor = (name: 'starting_after' | 'ending_before') => {
    const id = query[name];
    if (typeof id !== 'string') return undefined;
    const index = objects.findIndex((object) => keyOf(object) === id);
    if (index < 0)
      throw new SandboxError(
        'parameter_invalid',
        `The ${name} parameter must name an object in this list, with the same filters: ${excerpt(id)} is not one.`,
        name,
      );
    return index;
  };
  const start = cursor('starting_after');
  const end = cursor('ending_before');
  let page: SandboxObject[];
  let hasMore: boolean;
  if (end !== undefined) {
    const from = Math.max(0, end - limit);
    page = objects.slice(from, end);
    hasMore = from > 0;
  } else {
    const from = start === undefined ? 0 : start + 1;
    page = objects.slice(from, from + limit);
    hasMore = from + limit < objects.length;
  }
  const last = page.at(-1);
  return {
    object: 'list',
    data: page,
    has_more: hasMore,
    next_cursor: hasMore && last ? keyOf(last) : null,
  };
}
