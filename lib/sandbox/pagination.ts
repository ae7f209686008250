import { SandboxError } from './errors';
import { excerpt } from './validation-messages';
import type { SandboxObject } from './model';

const DEFAULT_LIMIT = 20;

/**
 * One page of a list, with the documented cursor pagination: forward after `starting_after` or
 * back before `ending_before`, never both.
 */
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
  if (query.starting_after !== undefined && query.ending_before !== undefined) {
    throw new SandboxError(
      'parameter_invalid',
      'Send at most one of starting_after and ending_before: starting_after moves forward from an object, ending_before back from one.',
      'ending_before',
    );
  }
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
