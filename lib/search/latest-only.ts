import { createLru } from './lru';

type Waiter<T> = { resolve: (answer: T) => void; reject: (error: unknown) => void };

/**
 * Sends one query at a time, always the newest: while a request is in flight, each new query
 * replaces the one waiting, and only the last is sent when the answer comes back. Answers are
 * kept in a small cache, so a query asked again (deleting back to it) is answered at once.
 * Callers whose query was replaced get the newer answer, which the dialog ignores as stale.
 */
export function latestOnly<T>(send: (query: string) => Promise<T>, cacheSize: number) {
  const answers = createLru<T>(cacheSize);
  let inFlight = false;
  let waiting: { query: string; waiters: Waiter<T>[] } | null = null;

  const settle = (waiters: Waiter<T>[], answer: T) => waiters.forEach((w) => w.resolve(answer));

  function start(query: string, waiters: Waiter<T>[]) {
    inFlight = true;
    send(query)
      .then(
        (answer) => {
          answers.set(query, answer);
          settle(waiters, answer);
        },
        (error: unknown) => waiters.forEach((waiter) => waiter.reject(error)),
      )
      .finally(() => {
        inFlight = false;
        const next = waiting;
        waiting = null;
        if (!next) return;
        const cached = answers.get(next.query);
        if (cached === undefined) start(next.query, next.waiters);
        else settle(next.waiters, cached);
      });
  }

  return (query: string): Promise<T> => {
    const cached = answers.get(query);
    if (cached !== undefined) {
      // The newest query is answered: the one waiting is stale and is never sent.
      if (waiting) settle(waiting.waiters, cached);
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
