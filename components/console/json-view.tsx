'use client';

type JsonViewProps = { value: unknown; label: string };

/** How many levels open at first; deeper objects open on demand. */
const OPEN_LEVELS = 2;

function JsonNode({ name, value, depth }: { name?: string; value: unknown; depth: number }) {
  const key = name === undefined ? null : <span data-slot="json-key">{name}: </span>;
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    if (!entries.length)
      return (
        <li>
          {key}
          {open + close}
        </li>
      );
    return (
      <li>
        <details open={depth < OPEN_LEVELS}>
          <summary>
            {key}
            {open}
            <span data-slot="json-count">
              {entries.length} {Array.isArray(value) ? 'items' : 'fields'}
            </span>
          </summary>
          <ul>
            {entries.map(([child, item]) => (
              <JsonNode key={child} name={child} value={item} depth={depth + 1} />
            ))}
          </ul>
          {close}
        </details>
      </li>
    );
  }
  const type = value === null ? 'null' : typeof value;
  return (
    <li>
      {key}
      <span data-slot="json-value" data-type={type}>
        {JSON.stringify(value)}
      </span>
    </li>
  );
}

/** A JSON value as a tree whose objects and arrays open and close (native disclosure widgets). */
export function JsonView({ value, label }: JsonViewProps) {
  return (
    <ul data-slot="json-view" aria-label={label}>
      <JsonNode value={value} depth={0} />
    </ul>
  );
}
