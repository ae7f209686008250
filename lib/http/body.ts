/** A request body longer than the reader's limit, declared or streamed. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
  }
}

/**
 * The request body as text, read no further than `limit` bytes: a declared or streamed body
 * over the limit is refused before it is held in memory.
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  if (Number(request.headers.get('content-length')) > limit) throw new BodyTooLargeError(limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
