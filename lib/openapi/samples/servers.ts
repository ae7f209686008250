// The servers a code sample can be written for, and any sample rewritten for the one a reader
// chose: its base URL, its example key pair and its SDK environment.
import { SANDBOX_ROUTE } from '@/lib/routes';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';
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
const BASE_URL =
  /(?:https:\/\/(?:sandbox\.)?api\.kestrelpay\.com|https?:\/\/[\w.:[\]-]+\/sandbox)(?=\/v1\b|['"`\s]|$)/gm;
const KEY = new RegExp(
  `\\b(?:${SERVERS.flatMap((server) => [server.publicKey, server.privateKey]).join('|')})\\b`,
  'g',
);
const ENVIRONMENT = /(\benvironment\b['"]?\s*(?::|=>|=)\s*['"])(?:sandbox|production)(?=['"])/g;

/** Whether a sample names a server (a base URL or an SDK environment), so it offers the choice. */
export function namesServer(code: string): boolean {
  return code.search(BASE_URL) >= 0 || code.search(ENVIRONMENT) >= 0;
}

/** The sample written for `server`, whichever server it was written for before. */
export function sampleFor(code: string, server: Server, origin: string): string {
  return code
    .replace(BASE_URL, server.baseUrl(origin))
    .replace(KEY, (key) => (key.startsWith('pk_') ? server.publicKey : server.privateKey))
    .replace(ENVIRONMENT, (_, prefix: string) => `${prefix}${server.environment}`);
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
