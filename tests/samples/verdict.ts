// Whether a sample did what its page says: it exits cleanly, every request it sends is answered
// without an error (or with the one its page shows), and its last answer is the page's: the
// status of its `Response` block, and the `object`, `status`, `amount` and `currency` it shows.
import type { ShownAnswer } from './page-samples';
import type { Exchange } from './recorder';
import type { SampleRun } from './runners';

/** The fields of a page's answer a sample's last answer must repeat: what the prose names. */
const SHOWN_FIELDS = ['object', 'status', 'amount', 'currency'];

const shown = (body: unknown, field: string) =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)[field]
    : undefined;

const describe = ({ method, path, status, body }: Exchange) => {
  const error = shown(body, 'error') as { code?: string; message?: string } | undefined;
  return `${method} ${path} → ${status}${error ? ` ${error.code}: ${error.message}` : ''}`;
};

/**
 * What is wrong with a sample's run, as sentences; none when it did what its page says. An SDK
 * throws on an error answer, so an SDK sample that still exits cleanly handled it on purpose (a
 * sample of handling errors); curl goes on either way, so a shell sample's every error counts.
 */
export function problemsOf(
  run: SampleRun,
  exchanges: Exchange[],
  answer: ShownAnswer | null,
  throwsOnError: boolean,
) {
  const problems: string[] = [];
  if (run.error) problems.push(`It ended with an error:\n${run.error}`);
  const last = exchanges.at(-1);
  const failed = exchanges.filter(
    (exchange) =>
      exchange.status >= 400 &&
      !(exchange === last && exchange.status === answer?.status) &&
      (!throwsOnError || run.error),
  );
  for (const exchange of failed) problems.push(`The sandbox answered ${describe(exchange)}`);
  if (answer && last) {
    if (answer.status !== null && last.status !== answer.status) {
      problems.push(`Its page shows ${answer.status}; the last answer was ${describe(last)}`);
    }
    for (const field of SHOWN_FIELDS) {
      const expected = shown(answer.body, field);
      const actual = shown(last.body, field);
      if (expected !== undefined && actual !== expected) {
        problems.push(
          `Its page shows "${field}": ${JSON.stringify(expected)}; it answered ${JSON.stringify(actual)}`,
        );
      }
    }
  }
  if (answer && !last) problems.push('Its page shows an answer, but it sent no request');
  return problems;
}
