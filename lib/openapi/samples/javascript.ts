import { site } from '@/lib/site';
import { sampleBody } from './ahead';
import type { Endpoint } from '../operations';
import { javascriptStyle, literal } from './literal';
import { idempotencyKey, pathArguments, resultName, sampleQuery } from './values';

/** The endpoint called through the JavaScript SDK (`site.samples.javascriptPackage`). */
export function javascriptSample(endpoint: Endpoint): string {
  if (!endpoint.sdkMethod) {
    throw new Error(`openapi/openapi.yaml: ${endpoint.operationId} has no x-sdk-method. Add one.`);
  }
  const data = sampleBody(endpoint) ?? sampleQuery(endpoint);
  const hasData = typeof data === 'object' && data !== null && Object.keys(data).length > 0;
  const key = idempotencyKey(endpoint);
  const strings = pathArguments(endpoint).map((value) => javascriptStyle.string(value));
  const name = resultName(endpoint);
  const call = `${name ? `const ${name} = ` : ''}await ${site.samples.client}.${endpoint.sdkMethod}(`;
  if (!key) {
    const object = hasData ? [literal(data, javascriptStyle)] : [];
    return `${call}${[...strings, ...object].join(', ')});`;
  }
  const args = [
    ...strings,
    ...(hasData ? [literal(data, javascriptStyle, '  ')] : []),
    `{ idempotencyKey: ${javascriptStyle.string(key)} }`,
  ];
  return `${call}\n${args.map((arg) => `  ${arg},`).join('\n')}\n);`;
}
