import { site } from '@/lib/site';
import type { Endpoint } from '../operations';
import { aheadIn, AheadOfNow, holdsAhead, sampleBody } from './ahead';
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
  const body = sampleBody(endpoint);
  if (body === undefined) return lines.join(' \\\n  ');
  lines.push(`-H "Content-Type: application/json"`);
  if (holdsAhead(body)) {
    // A date ahead of now is the shell's to write, so the body is a here-document it expands.
    lines.push(`-d @- <<JSON\n${hereDocument(body)}\nJSON`);
  } else {
    const json = JSON.stringify(body, null, 2).replace(/'/g, `'\\''`);
    lines.push(`-d '${json.replace(/\n/g, '\n  ')}'`);
  }
  return lines.join(' \\\n  ');
}

/** The body as JSON for an unquoted here-document: dates ahead as `$(date …)`, nothing else expanded. */
function hereDocument(body: unknown): string {
  const written: AheadOfNow[] = [];
  const json = JSON.stringify(
    body,
    (_, value: unknown) =>
      value instanceof AheadOfNow ? `\u0000${written.push(value) - 1}\u0000` : value,
    2,
  );
  // Split at the placeholders: the JSON between is escaped for the shell, the dates are its own.
  return json
    .split(/\\u0000(\d+)\\u0000/)
    .map((part, index) =>
      index % 2 === 1
        ? aheadIn.shell(written[Number(part)]!)
        : part.replace(/[\\$`]/g, (character) => `\\${character}`),
    )
    .join('');
}

function quoteUrl(url: string): string {
  return url.includes('?') ? `"${url}"` : url;
}
