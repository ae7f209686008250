// A date a request must send in the future, written in a sample as "so long from now" in the
// sample's own language, so that a pasted sample still runs after the example's date has passed.
import type { Endpoint } from '../operations';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = DAY_MS / 24;

/** A date or date-time `count` days (or hours) after the moment the sample runs. */
export class AheadOfNow {
  constructor(
    readonly date: boolean,
    readonly count: number,
    readonly unit: 'days' | 'hours',
  ) {}

  get milliseconds() {
    return this.count * (this.unit === 'days' ? DAY_MS : HOUR_MS);
  }
}

/** How far ahead of its own example's `created_at` an example date lies, at least a day for a date. */
function aheadOf(value: unknown, createdAt: unknown, date: boolean): AheadOfNow {
  const distance = Date.parse(String(value)) - Date.parse(String(createdAt));
  if (!(distance > 0)) return new AheadOfNow(date, date ? 30 : 1, date ? 'days' : 'hours');
  if (date || distance >= DAY_MS) {
    return new AheadOfNow(date, Math.max(1, Math.round(distance / DAY_MS)), 'days');
  }
  return new AheadOfNow(date, Math.max(1, Math.round(distance / HOUR_MS)), 'hours');
}

/** The request example as the samples send it: each field that must be in the future, ahead of now. */
export function sampleBody(endpoint: Endpoint): unknown {
  const example = endpoint.requestExample;
  if (typeof example !== 'object' || example === null || endpoint.futureFields.length === 0) {
    return example;
  }
  const createdAt = (endpoint.response.example as { created_at?: unknown } | undefined)?.created_at;
  const body = { ...(example as Record<string, unknown>) };
  for (const { name, date } of endpoint.futureFields) {
    if (body[name] !== undefined) body[name] = aheadOf(body[name], createdAt, date);
  }
  return body;
}

/** Whether a sample's body holds a date written relative to now. */
export const holdsAhead = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  Object.values(body).some((value) => value instanceof AheadOfNow);

/** `7 * 86_400_000`: the milliseconds, as a reader would write them. */
const jsMilliseconds = ({ count, unit }: AheadOfNow) =>
  `${count} * ${unit === 'days' ? '86_400_000' : '3_600_000'}`;

export const aheadIn = {
  javascript: (ahead: AheadOfNow) =>
    `new Date(Date.now() + ${jsMilliseconds(ahead)}).toISOString()${ahead.date ? '.slice(0, 10)' : ''}`,
  python: ({ date, count, unit }: AheadOfNow) =>
    date
      ? `(date.today() + timedelta(${unit}=${count})).isoformat()`
      : `(datetime.now(timezone.utc) + timedelta(${unit}=${count})).isoformat(timespec="seconds")`,
  /** What a Python sample imports for the expressions above. */
  pythonImport: (date: boolean) =>
    date
      ? 'from datetime import date, timedelta'
      : 'from datetime import datetime, timedelta, timezone',
  php: ({ date, count, unit }: AheadOfNow) =>
    `date(${date ? "'Y-m-d'" : 'DATE_ATOM'}, strtotime('+${count} ${unit}'))`,
  /** GNU `date`, as on Linux; macOS writes `date -u -v+7d`. */
  shell: ({ date, count, unit }: AheadOfNow) =>
    `$(date -u -d '+${count} ${unit}' +${date ? '%F' : '%FT%TZ'})`,
};
