'use client';

import { useEffect, useRef, useState } from 'react';
import { bodyText, parseBody } from '@/lib/console/form-values';
import { withValueAt } from '@/lib/console/request';
import type { FieldSpec, OperationSpec, RequestValues } from '@/lib/console/spec';
import { FieldInput } from './field-input';

type RequestFormProps = {
  spec: OperationSpec;
  values: RequestValues;
  onValues: (values: RequestValues) => void;
  /** The JSON view's text, or undefined while the form is shown. */
  text: string | undefined;
  onText: (text: string | undefined) => void;
  problemAt: (path: string) => string | undefined;
  ids: string[];
};

const PARAMETER_GROUPS = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Headers'],
] as const;

const placeOf = { path: 'path', query: 'query', header: 'headers' } as const;

/** The request's parameters, and its body as a form or as raw JSON. */
export function RequestForm(props: RequestFormProps) {
  const { spec, values, onValues, text, onText, problemAt, ids } = props;
  // Remounts the form's fields when the JSON view hands the body back, so they show it.
  const [revision, setRevision] = useState(0);
  const [jsonError, setJsonError] = useState<string>();
  const root = useRef<HTMLDivElement>(null);

  // After each Send, the first field with a problem comes into view clear of the sticky Send bar
  // (its scroll margin, console.css), once the problems have rendered.
  useEffect(() => {
    const form = root.current?.closest('form');
    if (!form) return;
    const reveal = () =>
      requestAnimationFrame(() => {
        const problem = root.current?.querySelector('[data-slot="field-problem"]');
        const field = problem?.closest('[data-slot="field"], [data-slot="field-group"]');
        (field ?? problem)?.scrollIntoView({ block: 'nearest' });
      });
    form.addEventListener('submit', reveal);
    return () => form.removeEventListener('submit', reveal);
  }, []);

  const parameterGroup = (group: (typeof PARAMETER_GROUPS)[number]) => {
    const [location, title] = group;
    const fields: FieldSpec[] = spec.parameters[location];
    if (!fields.length) return null;
    const place = placeOf[location];
    return (
      <fieldset key={location} data-slot="console-section">
        <legend>{title}</legend>
        {fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            path={field.name}
            value={values[place][field.name] || undefined}
            onChange={(next) =>
              onValues({
                ...values,
                [place]: { ...values[place], [field.name]: next === undefined ? '' : String(next) },
              })
            }
            problemAt={problemAt}
            ids={ids}
          />
        ))}
      </fieldset>
    );
  };

  const showForm = () => {
    const parsed = parseBody(text ?? '');
    if ('error' in parsed) return setJsonError(`Fix the JSON first: ${parsed.error}`);
    setJsonError(undefined);
    onValues({ ...values, body: parsed.body });
    setRevision((current) => current + 1);
    onText(undefined);
  };

  return (
    <div ref={root} data-slot="console-form">
      {PARAMETER_GROUPS.map(parameterGroup)}
      {spec.body && (
        <fieldset data-slot="console-section">
          <legend>Body</legend>
          <div role="group" aria-label="Edit the body as" data-slot="console-views">
            <button type="button" aria-pressed={text === undefined} onClick={showForm}>
              Form
            </button>
            <button
              type="button"
              aria-pressed={text !== undefined}
              onClick={() => text === undefined && onText(bodyText(values.body))}
            >
              JSON
            </button>
          </div>
          {jsonError && (
            <p role="alert" data-slot="field-problem">
              {jsonError}
            </p>
          )}
          {text === undefined ? (
            <div key={revision}>
              {spec.body.fields.map((field) => (
                <FieldInput
                  key={field.name}
                  field={field}
                  path={field.name}
                  value={(values.body as Record<string, unknown> | undefined)?.[field.name]}
                  onChange={(next) =>
                    onValues({
                      ...values,
                      body: withValueAt(values.body ?? {}, [field.name], next),
                    })
                  }
                  problemAt={problemAt}
                  ids={ids}
                />
              ))}
            </div>
          ) : (
            <div data-slot="field">
              <label htmlFor="console-json">Request body (JSON)</label>
              <textarea
                id="console-json"
                data-slot="console-json"
                spellCheck={false}
                rows={Math.min(24, Math.max(6, text.split('\n').length + 1))}
                value={text}
                aria-invalid={problemAt('') ? true : undefined}
                onChange={(event) => {
                  onText(event.target.value);
                  const parsed = parseBody(event.target.value);
                  if (!('error' in parsed)) onValues({ ...values, body: parsed.body });
                }}
              />
            </div>
          )}
        </fieldset>
      )}
    </div>
  );
}
