import { site } from '@/lib/site';
import { sampleBody } from './ahead';
import type { Endpoint } from '../operations';
import { literal, phpStyle } from './literal';
import { idempotencyKey, pathArguments, resultName, sampleQuery } from './values';

/** The endpoint called through the PHP SDK, fields as an array and the key as an option. */
export function phpSample(endpoint: Endpoint): string {
  const [namespace, method] = (endpoint.sdkMethod ?? '').split('.');
  const data = (sampleBody(endpoint) ?? sampleQuery(endpoint)) as Record<string, unknown>;
  const args = pathArguments(endpoint).map((value) => phpStyle.string(value));
  if (Object.keys(data ?? {}).length > 0) args.push(literal(data, phpStyle, '    ', '    '));
  const key = idempotencyKey(endpoint);
  if (key) args.push(`['idempotency_key' => ${phpStyle.string(key)}]`);
  const name = resultName(endpoint);
  const call = `${name ? `$${name} = ` : ''}$${site.samples.client}->${namespace}->${method}(`;
  const oneLine = `${call}${args.join(', ')});`;
  if (oneLine.length <= 80 && !oneLine.includes('\n')) return oneLine;
  return `${call}\n${args.map((arg) => `    ${arg},`).join('\n')}\n);`;
}
