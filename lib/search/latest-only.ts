import { createLru } from './lru';

type Waiter<T> = { resolve: (answer: T) => void; reject: (error: unknown) => void };

/**
 * Sends one query at a time, always the newest: while a request is in flight, each new query
 * replaces the one waiting, and only the last is sent when the answer comes back. Answers are
 * kept in a small cache, so a query asked again (deleting back to it) is answered at once.
 * A caller whose query was replaced waits for the newest answer instead of getting its own, and
 * the failure of a replaced query is no one's: so no answer to an older query ever ends a
 * newer one's wait (the dialog would show it, and drop its spinner, as if it were the answer).
 */
export function latestOnly<T>(send: (query: string) => Promise<T>, cacheSize: number) {
  const answers = createLru<T>(cacheSize);
  let inFlight = false;
  let waiting: { query: string; waiters: Waiter<T>[] } | null = null;

  function start(query: string, waiters: Waiter<T>[]) {
    inFlight = true;
    const settle = (outcome: (waiter: Waiter<T>) => void) => {
      inFlight = false;
      const next = waiting;
      waiting = null;
      if (!next) return waiters.forEach(outcome);
      // Replaced meanwhile: these callers wait for the newest query's answer.
      const newer = [...waiters, ...next.waiters];
      const cached = answers.get(next.query);
      if (cached === undefined) start(next.query, newer);
      else newer.forEach((waiter) => waiter.resolve(cached));
    };
    send(query).then(
      (answer) => {
        answers.set(query, answer);
        settle((waiter) => waiter.resolve(answer));
      },
      (error: unknown) => settle((waiter) => waiter.reject(error)),
    );
  }

  return (query: string): Promise<T> => {
    const cached = answers.get(query);
    if (cached !== undefined) {
      // The newest query is answered: the one waiting is stale and is never sent.
      waiting?.waiters.forEach((waiter) => waiter.resolve(cached));
      waiting = null;
      return Promise.resolve(cached);
    }
    return new Promise<T>((resolve, reject) => {
      const waiter = { resolve, reject };
      if (!inFlight) start(query, [waiter]);
      else waiting = { query, waiters: [...(waiting?.waiters ?? []), waiter] };
    });
  };
}
