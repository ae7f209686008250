// The webhook inbox as the sandbox serves it (its endpoints: inbox.ts): the caller's sandbox
// authenticated, what fell due settled before each look, and the signing secrets in force.
import { sandboxContext } from './api';
import type { Authenticate } from './auth';
import type { RequestBody } from './http';
import { answerInbox } from './inbox';
import type { SandboxModel } from './model';
import { signingSecrets } from './signing-secrets';
import { applyDueSteps } from './steps';
import type { SandboxRecord, SandboxStore } from './store/types';
import { StreamCapacity, type StreamLimits } from './stream-capacity';
import { sandboxTime } from './test-clock';

/** Who sent a request, and what frees their place among requests in progress as a stream ends. */
export type Caller = { client: string; onStreamEnd: () => void };

const isInboxPath = (path: string) => path === '/inbox' || path.startsWith('/inbox/');

/** The signing secrets in force at `at`, as the inbox shows them. */
async function secretsAt(store: SandboxStore, sandbox: SandboxRecord, at: number) {
  const { secret, previous, previousExpiresAt } = await signingSecrets(store, sandbox, at);
  return {
    signing_secret: secret,
    ...(previous
      ? { previous_signing_secret: previous, previous_secret_expires_at: previousExpiresAt! }
      : {}),
  };
}

/** The inbox of every sandbox, and its streams, capped by `streamLimits`. */
export function createInboxApi(options: {
  model: SandboxModel;
  store: SandboxStore;
  clock: () => number;
  streamLimits?: Partial<StreamLimits>;
}) {
  const { model, store, clock } = options;
  const streams = new StreamCapacity(options.streamLimits);

  async function answer(
    request: Request,
    path: string,
    now: number,
    body: RequestBody,
    authenticate: Authenticate,
    { client, onStreamEnd }: Caller,
  ) {
    const sandbox = await authenticate(request.headers.get('authorization') ?? undefined, now);
    // Settles what fell due; a stream asks before each look at the inbox, and ends with the token.
    const poll = async () => {
      const at = clock();
      const sandboxNow = await sandboxTime(store, sandbox.id, at);
      await applyDueSteps(store, sandbox.id, sandboxContext(model, store, sandbox, sandboxNow));
      return at < sandbox.expiresAt;
    };
    await poll();
    const sandboxNow = await sandboxTime(store, sandbox.id, now);
    return answerInbox({
      method: request.method,
      path,
      store,
      sandbox,
      now,
      context: sandboxContext(model, store, sandbox, sandboxNow),
      secrets: async () => secretsAt(store, sandbox, await sandboxTime(store, sandbox.id, clock())),
      lastEventId: request.headers.get('last-event-id'),
      body,
      poll,
      streaming: { client, streams, onEnd: onStreamEnd },
    });
  }

  return { handles: isInboxPath, answer };
}
