/**
 * A JSON response whose text holds no raw markup: `<`, `>` and `&` are written as \u escapes,
 * so a query or highlight tag echoed back can never be read as HTML, even by a sniffing client.
 * The parsed value is unchanged.
 */
export function safeJson(value: unknown, status = 200, headers: Record<string, string> = {}) {
  const text = JSON.stringify(value).replace(
    /[<>&]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return new Response(text, {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  });
}
