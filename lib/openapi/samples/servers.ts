// The servers a code sample can be written for, and any sample rewritten for the one a reader
// chose: its base URL, its example key pair and its SDK environment.
import { SANDBOX_ROUTE } from '@/lib/routes';
import { RESTRICTED_KEY_PAIRS, SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
import { SDK_PACKAGES, siteComposerInstall, siteDownload } from '@/lib/sdks/downloads';
import { site } from '@/lib/site';

export type ServerId = 'site' | 'sandbox' | 'production';

export type Server = {
  id: ServerId;
  title: string;
  /** The base URL for a site served at `origin`; paths such as `/v1/charges` follow it. */
  baseUrl: (origin: string) => string;
  publicKey: string;
  privateKey: string;
  /** The SDKs' `environment` option that reaches it. */
  environment: 'sandbox' | 'production';
};

export const SERVERS: readonly Server[] = [
  {
    id: 'site',
    title: "This site's sandbox",
    baseUrl: (origin) => `${origin}${SANDBOX_ROUTE}`,
    publicKey: SANDBOX_KEY_PAIR.publicKey,
    privateKey: SANDBOX_KEY_PAIR.privateKey,
    environment: 'sandbox',
  },
  {
    id: 'sandbox',
    title: 'Kestrel sandbox',
    baseUrl: () => 'https://sandbox.api.kestrelpay.com',
    publicKey: 'pk_test_51Hx7Qa9',
    privateKey: 'sk_test_9Qa2Vf7KxR3mT8',
    environment: 'sandbox',
  },
  {
    id: 'production',
    title: 'Production',
    baseUrl: () => 'https://api.kestrelpay.com',
    publicKey: 'pk_live_51Hx7Qa9',
    privateKey: 'sk_live_9Qa2Vf7KxR3mT8',
    environment: 'production',
  },
];

/** This site's own sandbox: its samples work as pasted, with no account. */
export const DEFAULT_SERVER: ServerId = 'site';

/** The server of an id, or the default for anything else (an old or hand-edited stored value). */
export function serverOf(id: string | null | undefined): Server {
  return SERVERS.find((server) => server.id === id) ?? SERVERS.find(isDefault)!;
}

const isDefault = (server: Server) => server.id === DEFAULT_SERVER;

// Any server's base URL, recognised where an API path, a quote or the end of a line follows it.
const BASE_URL_SOURCE = String.raw`(?:https:\/\/(?:sandbox\.)?api\.kestrelpay\.com|https?:\/\/[\w.:[\]-]+\/sandbox)(?=\/v1\b|['"\x60\s]|$)`;
const BASE_URL = new RegExp(BASE_URL_SOURCE, 'gm');
const KEY = new RegExp(
  `\\b(?:${SERVERS.flatMap((server) => [server.publicKey, server.privateKey]).join('|')})\\b`,
  'g',
);
// The SDK option that picks the server, in each language's style: `environment: 'sandbox'`,
// `environment="sandbox"`, `'environment' => 'sandbox'`, or the base URL option in its place.
const SDK_OPTION = new RegExp(
  String.raw`\b(environment|baseUrl|base_url)(['"]?\s*(=>|:|=)\s*['"])(sandbox|production|${BASE_URL_SOURCE})(?=['"])`,
  'gm',
);

// An SDK's install line, as written for any server: the registry's package, or this site's file
// (npm, pnpm, Yarn, pip) or repository (Composer).
const INSTALL = new RegExp(
  [
    String.raw`(?:composer config secure-http false && )?(?:composer config repositories\.kestrelpay composer \S+ && )?composer require kestrelpay\/kestrelpay-php\b`,
    String.raw`(?:npm install|pnpm add|yarn add) (?:@kestrelpay\/node\b|\S+\/kestrelpay-node-[\w.-]+\.tgz)`,
    String.raw`pip install (?:kestrelpay(?![\w/-])|\S+\/kestrelpay-[\w.-]+\.whl)`,
  ].join('|'),
  'gm',
);

/** The install line `line` (of any server) for `server`, with the same package manager. */
function installFor(line: string, server: Server, origin: string): string {
  if (line.includes('composer')) {
    const php = SDK_PACKAGES.find((candidate) => candidate.language === 'php')!;
    return server.id === 'site' ? siteComposerInstall(origin) : php.install(php.registryName);
  }
  const language = line.startsWith('pip') ? 'python' : 'node';
  const found = SDK_PACKAGES.find((candidate) => candidate.language === language)!;
  const command = line.slice(0, line.lastIndexOf(' '));
  const target = server.id === 'site' ? siteDownload(language, origin) : found.registryName;
  return `${command} ${target}`;
}

/** One change to a sample's text: the characters from `start` to `end` become `text`. */
export type SampleEdit = { start: number; end: number; text: string };

/** Whether a sample names a server (a base URL or an SDK option), so it offers the choice. */
export function namesServer(code: string): boolean {
  return [BASE_URL, SDK_OPTION, INSTALL].some((pattern) => code.search(pattern) >= 0);
}

/**
 * The changes that write a sample for `server`, whichever server it was written for before,
 * each within one token (an option's name, a string's value), so highlighting survives them.
 * An SDK reaches this site's sandbox by its base URL option, the others by `environment`.
 */
export function sampleEdits(code: string, server: Server, origin: string): SampleEdit[] {
  const edits: SampleEdit[] = [];
  for (const match of code.matchAll(SDK_OPTION)) {
    const [, name, between, separator, value] = match as unknown as string[];
    const start = match.index;
    const option =
      server.id === 'site' ? (separator === ':' ? 'baseUrl' : 'base_url') : 'environment';
    const valueStart = start + name!.length + between!.length;
    edits.push({ start, end: start + name!.length, text: option });
    edits.push({
      start: valueStart,
      end: valueStart + value!.length,
      text: server.id === 'site' ? server.baseUrl(origin) : server.environment,
    });
  }
  const free = (start: number, end: number) =>
    edits.every((edit) => end <= edit.start || start >= edit.end);
  for (const match of code.matchAll(INSTALL)) {
    const end = match.index + match[0].length;
    edits.push({ start: match.index, end, text: installFor(match[0], server, origin) });
  }
  for (const pattern of [BASE_URL, KEY]) {
    for (const match of code.matchAll(pattern)) {
      const [found] = match;
      const end = match.index + found.length;
      if (!free(match.index, end)) continue;
      const text =
        pattern === BASE_URL
          ? server.baseUrl(origin)
          : found.startsWith('pk_')
            ? server.publicKey
            : server.privateKey;
      edits.push({ start: match.index, end, text });
    }
  }
  return edits
    .filter((edit) => code.slice(edit.start, edit.end) !== edit.text)
    .sort((a, b) => a.start - b.start);
}

/** The sample written for `server`, whichever server it was written for before. */
export function sampleFor(code: string, server: Server, origin: string): string {
  let written = code;
  for (const edit of sampleEdits(code, server, origin).reverse()) {
    written = written.slice(0, edit.start) + edit.text + written.slice(edit.end);
  }
  return written;
}

/** The restricted key pairs as a table: a role, its public key and its private key a line. */
function restrictedPairsTable(): string {
  const width = (values: string[]) => Math.max(...values.map((value) => value.length));
  const roles = width(RESTRICTED_KEY_PAIRS.map((pair) => pair.role));
  const publicKeys = width(RESTRICTED_KEY_PAIRS.map((pair) => pair.publicKey));
  return RESTRICTED_KEY_PAIRS.map((pair) =>
    [pair.role.padEnd(roles), pair.publicKey.padEnd(publicKeys), pair.privateKey].join('  '),
  ).join('\n');
}

/** The commands a terminal needs to use this site's sandbox, each to copy on its own. */
export function terminalValues(origin: string) {
  const own = serverOf('site');
  const base = own.baseUrl(origin);
  const body = JSON.stringify({ public_key: own.publicKey, private_key: own.privateKey });
  return [
    { label: 'Base URL', value: base },
    { label: 'Public key', value: own.publicKey },
    { label: 'Private key', value: own.privateKey },
    { label: 'Key pairs with one role', value: restrictedPairsTable() },
    {
      label: 'Token',
      value: [
        `export ${site.samples.accessTokenVariable}=$(curl -s ${base}/v1/auth/token \\`,
        `  -H "Content-Type: application/json" \\`,
        `  -d '${body}' \\`,
        `  | sed -E 's/.*"access_token": *"([^"]+)".*/\\1/')`,
      ].join('\n'),
    },
  ] as const;
}
