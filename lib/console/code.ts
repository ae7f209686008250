// "Copy as": the request the console sent, as cURL, JavaScript (fetch) and Python (requests).
// The token is read from the environment variable the docs' samples use, never written out.
import { javascriptStyle, literal, pythonStyle } from '@/lib/openapi/samples/literal';
import { site } from '@/lib/site';
import type { WireRequest } from './request';

/** The languages of "Copy as", titled as the reference's code tabs so the remembered one applies. */
export const COPY_AS_LANGUAGES = [
  { title: 'cURL', language: 'bash' },
  { title: 'JavaScript', language: 'js' },
  { title: 'Python', language: 'python' },
] as const;

const TOKEN = site.samples.accessTokenVariable;

/** A body as data when it is JSON (so the code reads as the docs' samples), else its text. */
function parsedBody(body: string): { data: unknown } | undefined {
  try {
    return { data: JSON.parse(body) as unknown };
  } catch {
    return undefined;
  }
}

const singleQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The request as a cURL command. */
export function curlCode(request: WireRequest, origin: string, authenticated: boolean): string {
  const lines = [`curl -X ${request.method} ${singleQuoted(origin + request.url)}`];
  if (authenticated) lines.push(`-H "Authorization: Bearer $${TOKEN}"`);
  for (const [name, value] of request.headers)
    lines.push(`-H ${singleQuoted(`${name}: ${value}`)}`);
  if (request.body !== undefined) lines.push(`-d ${singleQuoted(request.body)}`);
  return lines.join(' \\\n  ');
}

/** The request with `fetch`, as in Node 18 or later. */
export function javascriptCode(request: WireRequest, origin: string, authenticated: boolean) {
  const headers = [
    ...(authenticated ? [`    Authorization: \`Bearer \${process.env.${TOKEN}}\`,`] : []),
    ...request.headers.map(
      ([name, value]) => `    ${javascriptStyle.key(name)}: ${javascriptStyle.string(value)},`,
    ),
  ];
  const options = [`  method: ${javascriptStyle.string(request.method)},`];
  if (headers.length) options.push('  headers: {', ...headers, '  },');
  if (request.body !== undefined) {
    const parsed = parsedBody(request.body);
    options.push(
      parsed
        ? `  body: JSON.stringify(${literal(parsed.data, javascriptStyle, '  ')}),`
        : `  body: ${javascriptStyle.string(request.body)},`,
    );
  }
  return [
    `const response = await fetch(${javascriptStyle.string(origin + request.url)}, {`,
    ...options,
    '});',
    'console.log(response.status, await response.json());',
  ].join('\n');
}

/** The request with the `requests` library. */
export function pythonCode(request: WireRequest, origin: string, authenticated: boolean) {
  const parsed = request.body === undefined ? undefined : parsedBody(request.body);
  // `json=` sets the Content-Type itself.
  const headers = [
    ...(authenticated ? [`        "Authorization": f"Bearer {os.environ['${TOKEN}']}",`] : []),
    ...request.headers
      .filter(([name]) => !(parsed && name === 'Content-Type'))
      .map(([name, value]) => `        ${pythonStyle.string(name)}: ${pythonStyle.string(value)},`),
  ];
  const args = [
    `    ${pythonStyle.string(request.method)},`,
    `    ${pythonStyle.string(origin + request.url)},`,
  ];
  if (headers.length) args.push('    headers={', ...headers, '    },');
  if (request.body !== undefined) {
    args.push(
      parsed
        ? `    json=${literal(parsed.data, pythonStyle, '    ', '    ')},`
        : `    data=${pythonStyle.string(request.body)},`,
    );
  }
  return [
    ...(authenticated ? ['import os', ''] : []),
    'import requests',
    '',
    'response = requests.request(',
    ...args,
    ')',
    'print(response.status_code, response.json())',
  ].join('\n');
}

const IDEMPOTENCY_KEY = 'idempotency-key';

/**
 * The sent request with a new `Idempotency-Key`, so running the copy makes a new object rather
 * than replaying the one sent; `spentKey` is the sent one, for a reader who wants the replay.
 */
export function withNewIdempotencyKey(request: WireRequest, key: string) {
  const spent = request.headers.find(([name]) => name.toLowerCase() === IDEMPOTENCY_KEY);
  if (!spent) return { request };
  const headers = request.headers.map(([name, value]): [string, string] =>
    name.toLowerCase() === IDEMPOTENCY_KEY ? [name, key] : [name, value],
  );
  return { request: { ...request, headers }, spentKey: spent[1] };
}

/** The comment above a copy with a new key: how to replay the request the console sent. */
const replayNote = (spentKey: string) =>
  `A new Idempotency-Key: send ${spentKey} instead to replay the console's request.`;

/** The request in each "Copy as" language, in the order of COPY_AS_LANGUAGES. */
export function requestCode(
  request: WireRequest,
  origin: string,
  authenticated: boolean,
  spentKey?: string,
) {
  const note = spentKey ? replayNote(spentKey) : undefined;
  const commented = (prefix: string, code: string) => (note ? `${prefix} ${note}\n${code}` : code);
  return [
    commented('#', curlCode(request, origin, authenticated)),
    commented('//', javascriptCode(request, origin, authenticated)),
    commented('#', pythonCode(request, origin, authenticated)),
  ];
}
