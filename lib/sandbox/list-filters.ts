import type { ListFilter, SandboxObject } from './model';

function fieldOf(object: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (value, key) =>
      value !== null && typeof value === 'object'
        ? (value as Record<string, unknown>)[key]
        : undefined,
    object,
  );
}

/** Whether one value of a field is what the filter asks for: `charge.*` names a family of types. */
function selectsValue(value: unknown, wanted: string, compare: ListFilter['compare']): boolean {
  switch (compare) {
    case 'before':
      return Date.parse(String(value)) < Date.parse(wanted);
    case 'at_or_after':
      return Date.parse(String(value)) >= Date.parse(wanted);
    case 'case_insensitive':
      return String(value).toLowerCase() === wanted.toLowerCase();
    default:
      return wanted.endsWith('.*')
        ? String(value).startsWith(wanted.slice(0, -1))
        : String(value) === wanted;
  }
}

/** Whether an object is one the filter's value selects. */
export function selects(object: unknown, filter: ListFilter, wanted: unknown): boolean {
  const value = fieldOf(object, filter.field);
  const asked = String(wanted);
  if (Array.isArray(value)) return value.some((item) => selectsValue(item, asked, filter.compare));
  return value !== undefined && value !== null && selectsValue(value, asked, filter.compare);
}

/** The objects every filter the query sends selects. */
export function filterObjects<T extends object>(
  objects: T[],
  query: Record<string, unknown>,
  filters: ListFilter[],
): T[] {
  const asked = filters.filter((filter) => query[filter.name] !== undefined);
  return objects.filter((object) =>
    asked.every((filter) => selects(object, filter, query[filter.name])),
  );
}

/**
 * A one-of-a-kind object read with filters, such as the balance of one currency: each of its
 * lists keeps only the items the filters select.
 */
export function narrowLists(
  object: SandboxObject,
  query: Record<string, unknown>,
  filters: ListFilter[],
): SandboxObject {
  if (!filters.some((filter) => query[filter.name] !== undefined)) return object;
  return Object.fromEntries(
    Object.entries(object).map(([name, value]) => [
      name,
      Array.isArray(value) && value.every((item) => item !== null && typeof item === 'object')
        ? filterObjects(value as object[], query, filters)
        : value,
    ]),
  ) as SandboxObject;
}
