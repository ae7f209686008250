// Reads a server-sent event stream from text chunks, as the inbox stream sends it. The browser's
// EventSource cannot send the bearer token, so the console reads the stream with fetch.

export type ServerSentEvent = { id?: string; event: string; data: string };

/** A parser that calls `onEvent` for each complete event and `onRetry` for a `retry:` field. */
export function sseParser(
  onEvent: (event: ServerSentEvent) => void,
  onRetry: (milliseconds: number) => void = () => {},
) {
  let buffer = '';
  let fields: { id?: string; event?: string; data: string[] } = { data: [] };
  const line = (text: string) => {
    if (text === '') {
      if (fields.data.length) {
        onEvent({ id: fields.id, event: fields.event ?? 'message', data: fields.data.join('\n') });
      }
      fields = { data: [] };
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const name = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (name === 'data') fields.data.push(value);
    else if (name === 'event') fields.event = value;
    else if (name === 'id') fields.id = value;
    else if (name === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
  };
  return {
    /** Feeds the next chunk of text; events complete at a blank line. */
    push(chunk: string) {
      buffer += chunk;
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? '';
      lines.forEach(line);
    },
  };
}
