'use client';

import { useState } from 'react';
import { inputOfValue, valueOfInput } from '@/lib/console/form-values';
import { FieldInput, FieldLabel, type FieldInputProps } from './field-input';

/** A free-form value (such as `metadata`) written as JSON; kept as typed until it parses. */
export function JsonInput({
  common,
  value,
  onChange,
}: {
  common: Record<string, unknown>;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const [text, setText] = useState(() => inputOfValue('json', value));
  return (
    <textarea
      {...common}
      rows={2}
      spellCheck={false}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(valueOfInput('json', event.target.value));
      }}
    />
  );
}

/** A list field: one input per item, with buttons to add and remove items. */
export function ArrayInput(
  props: FieldInputProps & { id: string; details: React.ReactNode; describedBy: string },
) {
  const { field, value, onChange, path, details, describedBy } = props;
  const items = Array.isArray(value) ? value : [];
  const update = (next: unknown[]) => onChange(next.length ? next : undefined);
  return (
    <fieldset data-slot="field-group" aria-describedby={describedBy || undefined}>
      <FieldLabel field={field} />
      {details}
      {items.map((item, index) => (
        <div key={index} data-slot="field-item">
          <FieldInput
            {...props}
            field={{ ...field.items!, name: `${field.name}[${index}]`, required: true }}
            path={`${path}.${index}`}
            value={item}
            onChange={(next) => {
              const blank = field.items!.kind === 'object' ? {} : '';
              update(items.map((old, at) => (at === index ? (next ?? blank) : old)));
            }}
          />
          <button
            type="button"
            data-slot="field-remove"
            onClick={() => update(items.filter((_, at) => at !== index))}
          >
            Remove
            <span className="sr-only">
              {' '}
              {field.name} item {index + 1}
            </span>
          </button>
        </div>
      ))}
      <button
        type="button"
        data-slot="field-add"
        onClick={() => update([...items, field.items!.kind === 'object' ? {} : ''])}
      >
        Add<span className="sr-only"> an item to {field.name}</span>
      </button>
    </fieldset>
  );
}
