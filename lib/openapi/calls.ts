// Finds the API calls that code samples and prose make, so a test can hold them to the document.
import type { HttpMethod } from './document';

export type ApiCall = { method: HttpMethod; path: string; text: string };
export type SdkCall = { method: string; text: string };

const API_URL = /https:\/\/(?:sandbox\.)?api\.kestrelpay\.com(\/v1\/[^\s"'`?\\)]*)/g;
const PROSE_CALL = /\b(GET|POST|PUT|PATCH|DELETE) (\/v1\/[\w/{}.-]+)/g;
const SDK_CALL = /\bkestrel((?:\.\w+)+)\(/g;
const FENCE = /^(`{3,})[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm;

/** The fenced code blocks of a Markdown or MDX body. */
export function codeBlocks(body: string): string[] {
  return [...body.matchAll(FENCE)].map((match) => match[2]!);
}

/** The method of the call whose URL starts at `index`: from `-X`, `method:`, a body, or GET. */
function methodAt(code: string, index: number, end: number): HttpMethod {
  const statementStart = Math.max(
    code.lastIndexOf('\n\n', index),
    code.lastIndexOf('curl ', index),
    0,
  );
  const statement = code.slice(statementStart, end);
  const explicit =
    /-X\s+([A-Z]+)/.exec(statement) ??
    /method:\s*['"]([A-Za-z]+)['"]/.exec(statement) ??
    /requests\.(get|post|put|patch|delete)\(/.exec(statement);
  if (explicit) return explicit[1]!.toLowerCase() as HttpMethod;
  return /(^|\s)(-d|--data)\s|\bbody:|\bjson=/.test(statement) ? 'post' : 'get';
}

/** Every request to the API written in a body: URLs in code blocks and `METHOD /v1/…` in prose. */
export function apiCallsIn(body: string): ApiCall[] {
  const calls: ApiCall[] = [];
  for (const code of codeBlocks(body)) {
    const matches = [...code.matchAll(API_URL)];
    matches.forEach((match, position) => {
      const end = matches[position + 1]?.index ?? code.length;
      calls.push({ method: methodAt(code, match.index, end), path: match[1]!, text: match[0] });
    });
  }
  for (const match of body.matchAll(PROSE_CALL)) {
    calls.push({ method: match[1]!.toLowerCase() as HttpMethod, path: match[2]!, text: match[0] });
  }
  return calls;
}

/** Every SDK method called in the code blocks of a body, in the JavaScript naming. */
export function sdkCallsIn(body: string): SdkCall[] {
  const camel = (name: string) =>
    name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return codeBlocks(body).flatMap((code) =>
    [...code.matchAll(SDK_CALL)].map((match) => ({
      method: match[1]!.slice(1).split('.').map(camel).join('.'),
      text: match[0],
    })),
  );
}

/** Whether a concrete path such as `/v1/refunds/re_6Hs2Dk` fits a template such as `/v1/refunds/{id}`. */
export function matchesTemplate(path: string, template: string): boolean {
  const concrete = path.replace(/\/$/, '').split('/');
  const pattern = template.split('/');
  return (
    concrete.length === pattern.length &&
    pattern.every((segment, index) => /^\{\w+\}$/.test(segment) || segment === concrete[index])
  );
}
