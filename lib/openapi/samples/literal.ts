// Writes example values as source code literals of each sample language.
import { aheadIn, AheadOfNow } from './ahead';

type Style = {
  string: (value: string) => string;
  key: (key: string) => string;
  null: string;
  true: string;
  false: string;
  separator: string;
  /** How a key-value collection opens and closes: `{` `}`, or PHP's `[` `]`. */
  object?: [open: string, close: string];
  /** A date so long after the moment the sample runs. */
  ahead: (ahead: AheadOfNow) => string;
};

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

const singleQuoted = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export const javascriptStyle: Style = {
  string: singleQuoted,
  key: (key) => (IDENTIFIER.test(key) ? key : singleQuoted(key)),
  null: 'null',
  true: 'true',
  false: 'false',
  separator: ': ',
  ahead: aheadIn.javascript,
};

export const pythonStyle: Style = {
  string: (value) => JSON.stringify(value),
  key: (key) => JSON.stringify(key),
  null: 'None',
  true: 'True',
  false: 'False',
  separator: ': ',
  ahead: aheadIn.python,
};

export const phpStyle: Style = {
  string: singleQuoted,
  key: singleQuoted,
  null: 'null',
  true: 'true',
  false: 'false',
  separator: ' => ',
  object: ['[', ']'],
  ahead: aheadIn.php,
};

/** A value as a literal, nested collections indented by two spaces per level after the first. */
export function literal(value: unknown, style: Style, indent = '', step = '  '): string {
  if (value === null || value === undefined) return style.null;
  if (typeof value === 'string') return style.string(value);
  if (typeof value === 'boolean') return value ? style.true : style.false;
  if (typeof value === 'number') return String(value);
  if (value instanceof AheadOfNow) return style.ahead(value);
  const inner = indent + step;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = value.map((item) => `${inner}${literal(item, style, inner, step)},`);
    return `[\n${items.join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const [open, close] = style.object ?? ['{', '}'];
  if (entries.length === 0) return `${open}${close}`;
  const lines = entries.map(
    ([key, item]) =>
      `${inner}${style.key(key)}${style.separator}${literal(item, style, inner, step)},`,
  );
  return `${open}\n${lines.join('\n')}\n${indent}${close}`;
}
