// The Webhooks page's account of deliveries, from the document's `x-webhook-delivery`: when each
// attempt at a failed delivery is made, and the addresses deliveries come from.
import type { PhrasingContent, RootContent, TableRow } from 'mdast';
import type { ApiDocument } from '../document';
import { attemptOffsets, webhookDelivery } from '../webhook-delivery';
import { bulletList, inlineCode, paragraph, text } from './mdast';

const UNITS: [seconds: number, one: string][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** A span of seconds as people say it: `1 minute`, `2 hours`, `1 day 6 hours`. */
export function spanText(seconds: number): string {
  const parts: string[] = [];
  let left = seconds;
  for (const [size, one] of UNITS) {
    const count = Math.floor(left / size);
    if (count === 0) continue;
    parts.push(`${count} ${one}${count === 1 ? '' : 's'}`);
    left -= count * size;
  }
  return parts.slice(0, 2).join(' ') || '0 seconds';
}

const row = (cells: PhrasingContent[][]): TableRow => ({
  type: 'tableRow',
  children: cells.map((children) => ({ type: 'tableCell', children })),
});

/** The attempts at one delivery, each with its wait and its time after the first. */
export function retryScheduleCatalogue(document: ApiDocument): RootContent[] {
  const delivery = webhookDelivery(document);
  const offsets = attemptOffsets(delivery);
  const rows = offsets.map((offset, index) =>
    row([
      [text(index === 0 ? 'First delivery' : `Retry ${index}`)],
      [
        text(
          index === 0
            ? 'When the event occurs'
            : `${spanText(delivery.retry_after_seconds[index - 1]!)} after the attempt before`,
        ),
      ],
      [text(index === 0 ? '0' : spanText(offset))],
    ]),
  );
  return [
    {
      type: 'table',
      align: [null, null, null],
      children: [row([[text('Attempt')], [text('When')], [text('After the first')]]), ...rows],
    },
    paragraph([
      text(
        `An attempt fails when your endpoint does not answer with a 2xx status within ${delivery.timeout_seconds} seconds. After ${offsets.length} failed attempts, about ${spanText(offsets.at(-1)!)} after the first, the delivery is marked failed. When every delivery to an endpoint has failed for ${delivery.disabled_after_failing_days} days, the endpoint is disabled.`,
      ),
    ]),
  ];
}

/** The address ranges deliveries come from, by environment. */
export function deliverySourcesCatalogue(document: ApiDocument): RootContent[] {
  const { source_ips: sources } = webhookDelivery(document);
  const ranges = (list: string[]) =>
    list.flatMap((range, index) => [...(index ? [text(', ')] : []), inlineCode(range)]);
  return [
    bulletList([
      [text('Production: '), ...ranges(sources.production)],
      [text('Sandbox: '), ...ranges(sources.sandbox)],
    ]),
  ];
}
