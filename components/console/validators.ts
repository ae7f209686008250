// Validates a console request in the browser exactly as the sandbox would: the operation's
// validators are generated from the document at build time and imported when the console opens;
// the messages come from the sandbox's own message-making code.
import type { ErrorObject } from 'ajv';
import * as formats from 'ajv-formats/dist/formats';
import * as ucs2length from 'ajv/dist/runtime/ucs2length';
import { parseBody } from '@/lib/console/form-values';
import type { OperationSpec, RequestValues } from '@/lib/console/spec';
import { consoleValidatorRoute } from '@/lib/routes';
import type { Rule } from '@/lib/openapi/rules';
import { needsObjects, ruleProblem } from '@/lib/sandbox/validation-rule-checks';
import {
  bodySizeProblem,
  INVALID_JSON_PROBLEM,
  requestProblems,
  type RequestProblem,
} from '@/lib/sandbox/validation-messages';

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };
/** The body's rules by field, and whether the operation creates (so rules about creation apply). */
export type BodyRules = { rules: [string, Rule][]; creates: boolean };
export type Validators = { params: Validate; body?: Validate; rules?: BodyRules };

/** The Ajv runtime the generated code requires (lib/console/validator-module.ts lists them). */
const runtime: Record<string, unknown> = {
  'ajv/dist/runtime/ucs2length': ucs2length,
  'ajv-formats/dist/formats': formats,
};

function requireRuntime(name: string): unknown {
  if (!(name in runtime))
    throw new Error(`The request validator needs ${name}, which the console lacks.`);
  return runtime[name];
}

/** Imports an operation's validators, built by the site (never bundled: one per operation). */
export async function loadValidators(operationId: string): Promise<Validators> {
  const url = consoleValidatorRoute(operationId);
  const generated = (await import(/* webpackIgnore: true */ url)) as {
    default: (require: (name: string) => unknown) => Validators;
  };
  return generated.default(requireRuntime);
}

const filled = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

/** The problems of the rules the console can judge without the sandbox's objects. */
function ruleProblems(
  bodyRules: BodyRules | undefined,
  body: unknown,
  now: number,
): RequestProblem[] {
  if (!bodyRules || !body || typeof body !== 'object') return [];
  const fields = body as Record<string, unknown>;
  return bodyRules.rules.flatMap(([field, rule]) => {
    if (needsObjects(rule) || (rule.kind === 'within-after-creation' && !bodyRules.creates))
      return [];
    const input = { field, value: fields[field], body: fields, now, createdAt: now };
    const problem = ruleProblem(rule, input);
    return problem ? [problem] : [];
  });
}

/**
 * The problems the sandbox would refuse the request for, first the one it answers with. `text`
 * is the JSON view's body when the reader wrote it there.
 */
export function problemsOf(
  validators: Validators,
  spec: OperationSpec,
  values: RequestValues,
  text?: string,
  now = Date.now(),
): RequestProblem[] {
  let body = values.body;
  // The sandbox refuses an oversized body unread, before anything in it.
  const tooLarge = bodySizeProblem(text ?? JSON.stringify(body ?? {}));
  if (tooLarge) return [tooLarge];
  if (text !== undefined) {
    const parsed = parseBody(text);
    if ('error' in parsed) return [INVALID_JSON_PROBLEM];
    body = parsed.body;
  }
  const errors: ErrorObject[] = [];
  if (validators.body && !validators.body(body === undefined ? {} : { requestBody: body })) {
    errors.push(...(validators.body.errors ?? []));
  }
  const arrays = new Set(
    spec.parameters.query.filter((f) => f.kind === 'array').map((f) => f.name),
  );
  const query = Object.fromEntries(
    Object.entries(filled(values.query)).map(([name, value]) => [
      name,
      arrays.has(name) ? [value] : value,
    ]),
  );
  const header = Object.fromEntries(
    Object.entries(filled(values.headers)).map(([name, value]) => [name.toLowerCase(), value]),
  );
  if (!validators.params({ path: { ...values.path }, query, header })) {
    errors.push(...(validators.params.errors ?? []));
  }
  const names = new Map(
    spec.parameters.header.map((field) => [field.name.toLowerCase(), field.name]),
  );
  const schemaProblems = requestProblems(errors, names);
  const refused = new Set(schemaProblems.map((problem) => problem.param));
  return [
    ...schemaProblems,
    ...ruleProblems(validators.rules, body, now).filter((problem) => !refused.has(problem.param)),
  ];
}
