/** A request body longer than the reader's limit, declared or streamed. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
  }
}

/** A request body that did not arrive in full within the reader's time limit. */
export class BodyTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The request body did not arrive in full within ${timeoutMs / 1000} seconds.`);
  }
}

/** A request body the client stopped sending: it closed the connection part way through. */
export class BodyAbortedError extends Error {
  constructor() {
    super('The client closed the connection before its request body arrived in full.');
  }
}

/**
 * The request body's bytes, read no further than `limit` bytes: a declared or streamed body over
 * the limit is refused before it is held in memory, and with `timeoutMs`, one still arriving
 * after that long is given up on, so a slow sender holds nothing for long.
 */
export async function readBody(
  request: Request,
  limit: number,
  timeoutMs?: number,
): Promise<Buffer> {
  if (Number(request.headers.get('content-length')) > limit) throw new BodyTooLargeError(limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    if (timeoutMs === undefined) return;
    timer = setTimeout(() => reject(new BodyTimeoutError(timeoutMs)), timeoutMs);
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([
        reader.read().catch(() => Promise.reject(new BodyAbortedError())),
        timedOut,
      ]);
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw new BodyTooLargeError(limit);
      chunks.push(value);
    }
  } catch (caught) {
    // Not awaited: a stream over a Node request settles its cancel only once a pending read does.
    void reader.cancel().catch(() => undefined);
    throw caught;
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks);
}

/** The request body as text (`readBody`), any byte that is not UTF-8 read as U+FFFD. */
export async function readBodyText(
  request: Request,
  limit: number,
  timeoutMs?: number,
): Promise<string> {
  return (await readBody(request, limit, timeoutMs)).toString('utf8');
}
