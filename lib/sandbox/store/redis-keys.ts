/** Where the sandbox keeps its state in Redis: every key starts with this. */
const PREFIX = 'kestrel:sandbox';

/**
 * What one sandbox holds, each expiring with it. The braces put one sandbox's keys in one hash
 * slot, but opening a sandbox closes others by name, so the store needs one Redis, not a cluster.
 */
const DATA_SUFFIXES = [
  '',
  ':objects',
  ':order',
  ':removed',
  ':replays',
  ':replay-order',
  ':steps',
  ':deliveries',
] as const;

/** The keys of one sandbox: its data (in the order the scripts read them), lock, claims and channel. */
export function sandboxKeys(sandboxId: string) {
  const base = `${PREFIX}:{${sandboxId}}`;
  return {
    data: DATA_SUFFIXES.map((suffix) => `${base}${suffix}`),
    lock: `${base}:lock`,
    /**
     * The copy of the data an atomic section started from, at a nesting depth, and (depth 0) the
     * marker naming the lease that took it: a marker left by a holder that died is rolled back.
     */
    journal: (depth: number) => ({
      marker: `${base}:journal:${depth}:marker`,
      copies: DATA_SUFFIXES.map((suffix) => `${base}:journal:${depth}:copy${suffix}`),
    }),
    claim: (key: string) => `${base}:claim:${key}`,
    channel: `${base}:inbox`,
    /** How the reader's handler answered deliveries, by delivery id: kept beside the inbox, never undone. */
    results: `${base}:results`,
    /** The request log (newest first) and its bytes: not data, so never undone nor copied. */
    requests: [`${base}:requests`, `${base}:requests-bytes`],
  };
}

/** Sandboxes by when they were last used, to close the least recently used beyond the cap. */
export const REGISTRY_KEY = `${PREFIX}:sandboxes`;

/** The sandboxes one client opened, to close its own least recently used beyond its cap. */
export const clientSandboxesKey = (client: string) => `${PREFIX}:client-sandboxes:${client}`;

/** The key every instance signs access tokens with, created once by the first to start. */
export const SIGNING_KEY_KEY = `${PREFIX}:signing-key`;

/** The counter of one client in one window of a rate limit. */
export const rateKey = (limit: string, client: string, window: number) =>
  `${PREFIX}:rate:${limit}:${window}:${client}`;

/** For scripts that close another sandbox: its data keys, from its id. */
export const LUA_DATA_KEYS_OF = `local function dataKeysOf(id)
  local base = '${PREFIX}:{' .. id .. '}'
  return { ${DATA_SUFFIXES.map((suffix) => `base .. '${suffix}'`).join(', ')} }
end`;
