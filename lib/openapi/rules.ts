// What the business rules of `x-rules` say in words and numbers, free of zod so the console can
// use it in the browser: the reference renders them, the console predicts them, the sandbox
// enforces them (lib/sandbox/validation-rules.ts).
import type { Rule } from './rule-schema';

export type { Rule, RuleKind } from './rule-schema';

const MS = { D: 24 * 60 * 60 * 1000, H: 60 * 60 * 1000 } as const;

/** A rule's duration in milliseconds. */
export function durationMs(duration: string): number {
  const [, amount = '0', unit = 'D'] = /^PT?(\d+)([DH])$/.exec(duration) ?? [];
  return Number(amount) * MS[unit as keyof typeof MS];
}

/** A duration as a reader says it: `30 days`, `24 hours`. */
export function durationText(duration: string): string {
  const [, amount = '0', unit = 'D'] = /^PT?(\d+)([DH])$/.exec(duration) ?? [];
  const word = unit === 'D' ? 'day' : 'hour';
  return `${amount} ${word}${amount === '1' ? '' : 's'}`;
}

/** The object a reference names, as a reader says it: `the booking`, `the charge`. */
export function referenceText(reference: string, pathKind = 'object'): string {
  const kind = reference === '$path' ? pathKind : reference.slice(0, -'_id'.length);
  return `the ${kind.replaceAll('_', ' ')}`;
}

const minimumsText = (minimums: Record<string, number>) =>
  Object.entries(minimums)
    .map(([currency, minimum]) => `${minimum} in ${currency}`)
    .join(', ');

/** The rule as the reference and the console's form write a field's limits: `in the future`. */
export function ruleText(rule: Rule, pathKind?: string): string {
  const related = (references: string[]) =>
    references.map((reference) => referenceText(reference, pathKind)).join(' or ');
  switch (rule.kind) {
    case 'future':
      return 'in the future';
    case 'within-after-creation':
      return `at most ${durationText(rule.duration)} after creation`;
    case 'default-after-creation':
      return `defaults to ${durationText(rule.duration)} after creation`;
    case 'minimum-charge-amount':
      return `at least the currency's minimum charge: ${minimumsText(rule.minimums)}`;
    case 'at-most-related':
      return `at most ${related(rule.references)}'s \`${rule.field}\`${rule.less ? ` less its ${rule.less.status} ${rule.less.kind.replaceAll('_', ' ')}s` : ''}${rule.minus ? ` less its \`${rule.minus}\`` : ''}`;
    case 'currency-matches':
      return `the currency of ${related(rule.references)}`;
    case 'related-status-not':
      return `${related(rule.references)} must not be ${rule.statuses.join(' or ')}`;
    case 'after-field':
      return `${rule.inclusive ? 'on or after' : 'after'} \`${rule.field}\``;
    case 'unique':
      return 'unique';
    case 'not-with':
      return `not with \`${rule.field}\``;
    case 'only-with':
      return `only with \`${rule.field}\``;
    case 'required-without':
      return `required without \`${rule.field}\``;
    case 'related-field-matches':
      return `${related(rule.references)}'s \`${rule.field}\` must be ${rule.of ? `${referenceText(rule.of, pathKind)}'s` : "this one's"}`;
    case 'item-requires':
      return `\`${rule.requires}\` with \`${rule.item}\``;
  }
}
