import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '@/lib/openapi/document';
import { lifecycles } from '@/lib/openapi/lifecycles';
import { testScenarios } from '@/lib/openapi/test-scenarios';
import { announce } from '@/lib/sandbox/announce';
import { sandboxContext } from '@/lib/sandbox/api';
import { buildModel } from '@/lib/sandbox/model';
import { MemoryStore } from '@/lib/sandbox/store/memory';

// Every event type the sandbox can send, from its machines, steps, lifecycle rows and scenarios,
// against the webhooks of the document: an event the document does not define is a defect.
const document = loadDocument();
const model = buildModel(document);
const webhooks = new Set(Object.keys(document.webhooks ?? {}));

/** The sandbox's source files, each with its text. */
async function sandboxSources(): Promise<{ file: string; text: string }[]> {
  const entries = await readdir('lib/sandbox', { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(file, 'utf8') })));
}

/** The `kind.verb` strings a source names, for kinds of object the document defines. */
function eventsNamedIn(text: string): string[] {
  return [...text.matchAll(/(['"`])([a-z_]+)\.([a-z_]+)\1/g)]
    .filter(([, , kind]) => model.views.has(kind!))
    .map(([, , kind, verb]) => `${kind}.${verb}`);
}

describe('the events the sandbox sends', () => {
  it('are named in full in its code, so each can be held to the document', async () => {
    const built = (await sandboxSources()).flatMap(({ file, text }) =>
      [...text.matchAll(/`\$\{[\w.]+\}\.(?:[a-z_]+|\$\{[\w.]+\})`/g)].map(
        ([template]) => `${file}: ${template}`,
      ),
    );
    expect(built).toEqual([]);
  });

  it('are all documented: every one its machines, lifecycle rows and scenarios can send', async () => {
    const named = (await sandboxSources()).flatMap(({ file, text }) =>
      eventsNamedIn(text).map((type) => ({ where: file, type })),
    );
    const rows = [...lifecycles(document).values()].flatMap((lifecycle) =>
      lifecycle.rows.flatMap((row) =>
        (row.events ?? []).map((type) => ({ where: lifecycle.schema, type })),
      ),
    );
    const scenarios = testScenarios(document).flatMap((scenario) =>
      scenario.outcome.events.map((type) => ({ where: scenario.id, type })),
    );
    const sent = [...named, ...rows, ...scenarios];
    expect(named.length).toBeGreaterThan(20);
    expect(sent.filter(({ type }) => !webhooks.has(type))).toEqual([]);
  });

  it('throw when one is not documented, instead of dropping it', async () => {
    const sandbox = {
      id: 's',
      expiresAt: Number.MAX_SAFE_INTEGER,
      signingSecret: 'whsec_test',
      roles: [],
    };
    const store = new MemoryStore();
    await store.open(sandbox, 0);
    const context = sandboxContext(model, store, sandbox, Date.parse('2026-06-01T12:00:00Z'));
    const booking = { id: 'bk_test0001', object: 'booking', status: 'cancelled' };
    await expect(announce(context, booking, ['booking.cancelled'], null)).rejects.toThrow(
      /sends booking\.cancelled, which the webhooks of openapi\/openapi\.yaml do not define/,
    );
    expect(await store.deliveries(sandbox.id)).toEqual([]);
  });
});
