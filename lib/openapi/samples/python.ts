import { site } from '@/lib/site';
import { aheadIn, AheadOfNow, sampleBody } from './ahead';
import type { Endpoint } from '../operations';
import { literal, pythonStyle } from './literal';
import { idempotencyKey, pathArguments, resultName, sampleQuery } from './values';

const snakeCase = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const PYTHON_KEYWORDS = new Set([
  'from',
  'class',
  'def',
  'import',
  'in',
  'is',
  'lambda',
  'global',
  'pass',
  'return',
]);

/** The endpoint called through the Python SDK (`site.samples.pythonPackage`), fields as keyword arguments. */
export function pythonSample(endpoint: Endpoint): string {
  const [namespace, method] = (endpoint.sdkMethod ?? '').split('.');
  const data = (sampleBody(endpoint) ?? sampleQuery(endpoint)) as Record<string, unknown>;
  const args = pathArguments(endpoint).map((value) => pythonStyle.string(value));
  for (const [field, value] of Object.entries(data ?? {})) {
    if (PYTHON_KEYWORDS.has(field) || !/^[A-Za-z_]\w*$/.test(field)) {
      throw new Error(
        `openapi/openapi.yaml: ${endpoint.operationId} has the field "${field}", which cannot be a Python keyword argument. Rename it.`,
      );
    }
    args.push(`${field}=${literal(value, pythonStyle, '    ', '    ')}`);
  }
  const key = idempotencyKey(endpoint);
  if (key) args.push(`idempotency_key=${pythonStyle.string(key)}`);
  const name = resultName(endpoint);
  const call = `${name ? `${snakeCase(name)} = ` : ''}${site.samples.client}.${snakeCase(namespace!)}.${snakeCase(method!)}(`;
  const oneLine = `${call}${args.join(', ')})`;
  const sample =
    oneLine.length <= 80 && !oneLine.includes('\n')
      ? oneLine
      : `${call}\n${args.map((arg) => `    ${arg},`).join('\n')}\n)`;
  return [...importsOf(data), sample].join('\n');
}

/** The `datetime` names the sample's dates ahead of now use, imported above it. */
function importsOf(data: Record<string, unknown> | undefined): string[] {
  const kinds = new Set(
    Object.values(data ?? {})
      .filter((value): value is AheadOfNow => value instanceof AheadOfNow)
      .map((ahead) => ahead.date),
  );
  const imports: string[] = [...kinds].map((date) => aheadIn.pythonImport(date));
  return imports.length > 0 ? [...imports, ''] : [];
}
