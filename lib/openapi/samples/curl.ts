import { site } from '@/lib/site';
import type { Endpoint } from '../operations';
import { samplePath } from './values';

/** A cURL command for the endpoint with its example parameters and body. */
export function curlSample(endpoint: Endpoint, baseUrl: string): string {
  const url = `${baseUrl}${samplePath(endpoint)}`;
  const implied = endpoint.requestExample === undefined ? 'get' : 'post';
  const lines = [
    endpoint.method === implied
      ? `curl ${quoteUrl(url)}`
      : `curl -X ${endpoint.method.toUpperCase()} ${quoteUrl(url)}`,
  ];
  if (endpoint.authenticated)
    lines.push(`-H "Authorization: Bearer $${site.samples.accessTokenVariable}"`);
  for (const header of endpoint.parameters.header) {
    lines.push(`-H "${header.name}: ${String(header.example ?? '')}"`);
  }
  if (endpoint.requestExample !== undefined) {
    const json = JSON.stringify(endpoint.requestExample, null, 2).replace(/'/g, `'\\''`);
    lines.push(`-H "Content-Type: application/json"`, `-d '${json.replace(/\n/g, '\n  ')}'`);
  }
  return lines.join(' \\\n  ');
}

function quoteUrl(url: string): string {
  return url.includes('?') ? `"${url}"` : url;
}
