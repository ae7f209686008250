import { sandboxContext } from './api';
import type { Authenticate } from './auth';
import { commitTransition } from './engine';
import { SandboxError } from './errors';
import type { RequestBody } from './http';
import { machineOf } from './machines';
import type { RequestContext } from './machines/types';
import type { SandboxModel, SandboxObject } from './model';
import { applyDueSteps } from './steps';
import type { SandboxRecord, SandboxStore } from './store/types';
import { advanceTarget, clockOffset, clockView, setClockOffset } from './test-clock';

/** Rounds of steps and collection attempts one advance runs: each retry is a round. */
const MAX_ROUNDS = 10;
const ATTEMPT_OPERATION = 'testHelperAttemptScheduledPayment';

const isClockPath = (path: string) => path === '/clock' || path === '/clock/advance';

/** The reader's own scheduled payments whose next collection attempt is due by `at`, earliest first. */
async function dueInstalments(store: SandboxStore, sandboxId: string, at: number) {
  const payments = await store.list(sandboxId, 'scheduled_payment');
  return payments
    .filter(({ status, next_attempt_at }) => {
      const due = Date.parse(String(next_attempt_at));
      return status === 'scheduled' && due <= at;
    })
    .sort((a, b) => Date.parse(String(a.next_attempt_at)) - Date.parse(String(b.next_attempt_at)));
}

/**
 * Everything that falls due while a sandbox's time moves to `target`: later steps (settling,
 * lapses, expiries, deadlines) and scheduled payments' collection attempts, each at its own time.
 */
async function passTime(
  model: SandboxModel,
  store: SandboxStore,
  sandbox: SandboxRecord,
  target: number,
) {
  const operation = model.operations.get(ATTEMPT_OPERATION)!;
  const attempt = machineOf('scheduled_payment')!.actions!.attempt!;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    await applyDueSteps(store, sandbox.id, sandboxContext(model, store, sandbox, target));
    const due = await dueInstalments(store, sandbox.id, target);
    if (!due.length) return;
    for (const payment of due) {
      const at = Date.parse(String(payment.next_attempt_at));
      const context: RequestContext = {
        ...sandboxContext(model, store, sandbox, at),
        operation,
        params: { id: String(payment.id) },
        query: {},
        body: {},
      };
      await commitTransition(context, await attempt(payment as SandboxObject, context));
    }
  }
}

/**
 * The sandbox's test clock: `GET /clock` tells its time, `POST /clock/advance` moves it forward
 * and makes everything that falls due on the way happen, as it would have in real time.
 */
export function createTestClock(options: { model: SandboxModel; store: SandboxStore }) {
  const { model, store } = options;

  async function answer(
    request: Request,
    path: string,
    now: number,
    body: RequestBody,
    authenticate: Authenticate,
  ) {
    const sandbox = await authenticate(request.headers.get('authorization') ?? undefined, now);
    if (path === '/clock' && request.method === 'GET') {
      const offset = await clockOffset(store, sandbox.id);
      return { status: 200, body: clockView(now + offset, offset) };
    }
    if (path === '/clock/advance' && request.method === 'POST') {
      if (body.problem) throw body.problem;
      return store.atomically(sandbox.id, async () => {
        const target = advanceTarget(body.value, now + (await clockOffset(store, sandbox.id)));
        await setClockOffset(store, sandbox.id, target - now);
        await passTime(model, store, sandbox, target);
        return { status: 200, body: clockView(target, target - now) };
      });
    }
    throw new SandboxError(
      'resource_missing',
      `${request.method} ${path} is not an endpoint of the test clock: use GET /clock or POST /clock/advance.`,
    );
  }

  return { handles: isClockPath, answer };
}
