// What a search record stands for, and how a hit names it. No dependencies: the dialog reads it.

/** Every kind of search record: pages and their parts, and the reference's named things. */
export const RECORD_TYPES = [
  'page',
  'section',
  'guide',
  'endpoint',
  'code',
  'event',
  'field',
  'parameter',
  'scenario',
] as const;

export type RecordType = (typeof RECORD_TYPES)[number];

/** The types whose records are one named thing of the reference: a code, event, field or scenario. */
export const NAMED_RECORD_TYPES = ['code', 'event', 'field', 'parameter', 'scenario'] as const;
export type NamedRecordType = (typeof NAMED_RECORD_TYPES)[number];

/** The named types whose names are written as code (`card_declined`); a scenario's is prose. */
export const CODE_NAMED_TYPES: readonly RecordType[] = ['code', 'event', 'field', 'parameter'];

/** The label a hit shows before its title; pages, sections and endpoints (their method) need none. */
export const RECORD_TYPE_LABELS: Partial<Record<RecordType, string>> = {
  guide: 'Guide',
  code: 'Code',
  event: 'Event',
  field: 'Field',
  parameter: 'Parameter',
  scenario: 'Test scenario',
};
