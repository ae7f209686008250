import { SandboxError } from './errors';
import { MAX_OPEN_STREAMS, MAX_STREAMS_PER_SANDBOX } from './limits';

/** How many inbox streams one sandbox instance holds open: in all, and into one sandbox. */
export type StreamLimits = { maxOpen: number; maxPerSandbox: number };

type OpenStream = { client: string; sandboxId: string; close: () => void };

const tooManyStreams = () =>
  new SandboxError(
    'rate_limit_exceeded',
    'Too many inbox streams are open. Close one, or retry shortly.',
    null,
    { 'Retry-After': '5' },
  );

/**
 * The inbox streams this instance holds open. At the cap of all, a client holding fewer than
 * another takes the place of that client's oldest stream, which reconnects with Last-Event-ID and
 * loses nothing: so a few clients cannot keep everyone else's streams out.
 */
export class StreamCapacity {
  /** Open streams, oldest first. */
  private readonly open = new Set<OpenStream>();
  private readonly limits: StreamLimits;

  constructor(limits: Partial<StreamLimits> = {}) {
    this.limits = { maxOpen: MAX_OPEN_STREAMS, maxPerSandbox: MAX_STREAMS_PER_SANDBOX, ...limits };
  }

  /**
   * Counts a new stream of `client` into a sandbox, which `close` ends should another client need
   * its place, and answers the release to call as it ends, however it ends. Refuses (429) beyond
   * the sandbox's cap, and at the cap of all when the client holds as many as any other.
   */
  admit(client: string, sandboxId: string, close: () => void): () => void {
    const streams = [...this.open];
    const intoSandbox = streams.filter((stream) => stream.sandboxId === sandboxId).length;
    if (intoSandbox >= this.limits.maxPerSandbox) throw tooManyStreams();
    if (streams.length >= this.limits.maxOpen) this.makeRoomFor(client, streams);
    const stream = { client, sandboxId, close };
    this.open.add(stream);
    return () => void this.open.delete(stream);
  }

  /** Closes the oldest stream of the client holding the most, unless `client` holds as many. */
  private makeRoomFor(client: string, streams: OpenStream[]) {
    const held = new Map<string, number>();
    for (const stream of streams) held.set(stream.client, (held.get(stream.client) ?? 0) + 1);
    const [heaviest, most] = [...held].reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
    if ((held.get(client) ?? 0) >= most) throw tooManyStreams();
    const oldest = streams.find((stream) => stream.client === heaviest)!;
    this.open.delete(oldest);
    oldest.close();
  }
}
