/**
 * A JSON response whose text holds no raw markup: `<`, `>` and `&` are written as \u escapes,
 * so a query or highlight tag echoed back can never be read as HTML, even by a sniffing client.
 * The parsed value is unchanged. Native string replacements, without a callback per character.
 */
export function safeJson(value: unknown, status = 200, headers: Record<string, string> = {}) {
  const text = JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026');
  return new Response(text, {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  });
}
