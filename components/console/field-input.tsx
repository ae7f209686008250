'use client';

import { useId } from 'react';
import { inputOfValue, valueOfInput } from '@/lib/console/form-values';
import type { FieldSpec } from '@/lib/console/spec';
import { ArrayInput, JsonInput } from './field-structures';

export type FieldInputProps = {
  field: FieldSpec;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The field's dot path, to match the problems the validation names. */
  path: string;
  /** The message of the problem with this field, if any. */
  problemAt: (path: string) => string | undefined;
  /** IDs the tab's sandbox made, offered in ID fields. */
  ids: string[];
};

/** The label of a field: its name, whether it is required, and its type. */
export function FieldLabel({ field, htmlFor }: { field: FieldSpec; htmlFor?: string }) {
  const content = (
    <>
      <code>{field.name}</code>
      {field.required && <span data-slot="field-required">required</span>}
      <span data-slot="field-type">{field.type}</span>
      {field.constraints && <span data-slot="field-type">{field.constraints.join(', ')}</span>}
    </>
  );
  return htmlFor ? <label htmlFor={htmlFor}>{content}</label> : <legend>{content}</legend>;
}

/** One field of the request: a choice, a text input, a nested group or a list of items. */
export function FieldInput(props: FieldInputProps) {
  const { field, value, onChange, path, problemAt, ids } = props;
  const id = useId();
  const problem = problemAt(path);
  const describedBy = [field.hint ? `${id}-hint` : '', problem ? `${id}-problem` : '']
    .filter(Boolean)
    .join(' ');
  const details = (
    <>
      {field.hint && (
        <p id={`${id}-hint`} data-slot="field-hint">
          {field.hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} data-slot="field-problem">
          {problem}
        </p>
      )}
    </>
  );

  if (field.kind === 'object' && field.fields) {
    const object = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    return (
      <fieldset data-slot="field-group" aria-describedby={describedBy || undefined}>
        <FieldLabel field={field} />
        {details}
        {field.fields.map((child) => (
          <FieldInput
            key={child.name}
            {...props}
            field={child}
            path={`${path}.${child.name}`}
            value={object[child.name]}
            onChange={(next) => {
              const copy = { ...object, [child.name]: next };
              if (next === undefined) delete copy[child.name];
              onChange(Object.keys(copy).length ? copy : undefined);
            }}
          />
        ))}
      </fieldset>
    );
  }
  if (field.kind === 'array' && field.items) {
    return <ArrayInput {...props} id={id} details={details} describedBy={describedBy} />;
  }

  const common = {
    id,
    'aria-invalid': problem ? true : undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': describedBy || undefined,
    'data-field': path,
  };
  const text = inputOfValue(field.kind, value);
  let control;
  if (field.choices || field.kind === 'boolean') {
    const choices = field.choices ?? ['true', 'false'];
    control = (
      <select
        {...common}
        value={text}
        onChange={(event) => onChange(valueOfInput(field.kind, event.target.value))}
      >
        <option value="">{field.required ? 'Choose…' : 'Not sent'}</option>
        {!choices.includes(text) && text !== '' && <option value={text}>{text}</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'json') {
    control = <JsonInput common={common} value={value} onChange={onChange} />;
  } else {
    const offersIds = field.name === 'id' || field.name.endsWith('_id');
    control = (
      <>
        <input
          {...common}
          type="text"
          inputMode={field.kind === 'string' ? undefined : 'decimal'}
          autoComplete="off"
          spellCheck={false}
          list={offersIds && ids.length ? `${id}-ids` : undefined}
          value={text}
          onChange={(event) => onChange(valueOfInput(field.kind, event.target.value))}
        />
        {offersIds && ids.length > 0 && (
          <datalist id={`${id}-ids`}>
            {ids.map((known) => (
              <option key={known} value={known} />
            ))}
          </datalist>
        )}
      </>
    );
  }
  return (
    <div data-slot="field">
      <FieldLabel field={field} htmlFor={id} />
      {control}
      {details}
    </div>
  );
}
