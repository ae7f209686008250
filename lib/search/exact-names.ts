// Queries that name one thing exactly: a page by its title, a code or event by its name, a
// field or parameter by its name. The ranking puts those records first.
import type { SearchRecord } from './records';
import { phraseKey } from './terms';

/** The keys a record answers to exactly, and how early it is promoted (lower first). */
function exactKeys(record: SearchRecord): { keys: string[]; rank: number } | null {
  const name = record.name?.toLowerCase();
  switch (record.type) {
    case 'page':
    case 'guide':
      return { keys: [phraseKey(record.hierarchy[1] ?? '')], rank: 0 };
    case 'code':
    case 'event':
      return name ? { keys: [name], rank: 1 } : null;
    case 'field':
    case 'parameter': {
      if (!name) return null;
      // `Charge.next_action.redirect_url` answers to its path, to it without the object and to its last part.
      const parts = name.split('.');
      const withoutObject = record.type === 'field' ? parts.slice(1).join('.') : name;
      const rank = record.type === 'field' ? 2 : 3;
      return { keys: [...new Set([name, withoutObject, parts.at(-1)!])], rank };
    }
    default:
      return null;
  }
}

/** A lookup of the records a query names exactly, best first. */
export function exactNames(records: SearchRecord[]) {
  const byKey = new Map<string, { id: string; rank: number }[]>();
  for (const record of records) {
    const exact = exactKeys(record);
    for (const key of exact?.keys ?? []) {
      if (!key) continue;
      byKey.set(key, [...(byKey.get(key) ?? []), { id: record.objectID, rank: exact!.rank }]);
    }
  }
  /** The ids of the records `query` names exactly, with their promotion rank. */
  return (query: string): Map<string, number> => {
    const found = new Map<string, number>();
    for (const key of new Set([query.trim().toLowerCase(), phraseKey(query)])) {
      for (const { id, rank } of byKey.get(key) ?? []) {
        if (!found.has(id)) found.set(id, rank);
      }
    }
    return found;
  };
}
