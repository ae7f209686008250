import { SearchProtocolError } from './protocol';

/**
 * The request body as text, read no further than `limit` bytes: a declared or streamed body
 * over the limit is refused with 413 before it is held in memory.
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const tooLarge = () => new SearchProtocolError('Request body is too large', 413);
  if (Number(request.headers.get('content-length')) > limit) throw tooLarge();
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
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
