// Samples follow the reader's server: base URL, example key pair and SDK environment, from
// whichever server they were written for, and the terminal box's commands reach this site.
import { describe, expect, it } from 'vitest';
import {
  namesServer,
  sampleEdits,
  sampleFor,
  serverOf,
  terminalValues,
} from '@/lib/openapi/samples/servers';
import { RESTRICTED_KEY_PAIRS } from '@/lib/sandbox/keys';
import { SDK_PACKAGES } from '@/lib/sdks/downloads';

const origin = 'https://docs.example.test';
const curl = `curl https://api.kestrelpay.com/v1/auth/token \\
  -d '{ "public_key": "pk_test_51Hx7Qa9", "private_key": "sk_test_9Qa2Vf7KxR3mT8" }'`;

describe('sample servers', () => {
  it("writes a production sample for this site's sandbox, and back", () => {
    const site = sampleFor(curl, serverOf('site'), origin);
    expect(site).toBe(`curl https://docs.example.test/sandbox/v1/auth/token \\
  -d '{ "public_key": "pk_test_KestrelDocsSandbox", "private_key": "sk_test_KestrelDocsSandboxPrivate" }'`);
    const production = sampleFor(site, serverOf('production'), origin);
    expect(production).toContain('curl https://api.kestrelpay.com/v1/auth/token');
    expect(production).toContain('"pk_live_51Hx7Qa9"');
    expect(production).toContain('"sk_live_9Qa2Vf7KxR3mT8"');
    expect(sampleFor(production, serverOf('sandbox'), origin)).toContain(
      'https://sandbox.api.kestrelpay.com/v1/auth/token',
    );
  });

  it("moves this site's sandbox to the origin the page is served from", () => {
    const built = 'fetch("http://localhost:3000/sandbox/v1/charges")';
    expect(sampleFor(built, serverOf('site'), 'http://127.0.0.1:4100')).toBe(
      'fetch("http://127.0.0.1:4100/sandbox/v1/charges")',
    );
    // The terminal box shows the base URL alone.
    expect(
      sampleFor('http://localhost:3000/sandbox', serverOf('site'), 'http://127.0.0.1:4100'),
    ).toBe('http://127.0.0.1:4100/sandbox');
  });

  it("switches the SDKs' environment option in each language", () => {
    const samples = [
      "environment: 'sandbox',",
      'environment="sandbox",',
      "'environment' => 'sandbox',",
    ];
    const production = samples.map((code) => sampleFor(code, serverOf('production'), origin));
    expect(production).toEqual([
      "environment: 'production',",
      'environment="production",',
      "'environment' => 'production',",
    ]);
    expect(samples.every(namesServer)).toBe(true);
  });

  it("gives the SDKs this site's sandbox as their base URL option, and back", () => {
    const samples = [
      "  environment: 'sandbox',",
      '    environment="sandbox",',
      "    'environment' => 'sandbox',",
    ];
    const site = samples.map((code) => sampleFor(code, serverOf('site'), origin));
    expect(site).toEqual([
      `  baseUrl: '${origin}/sandbox',`,
      `    base_url="${origin}/sandbox",`,
      `    'base_url' => '${origin}/sandbox',`,
    ]);
    expect(site.map((code) => sampleFor(code, serverOf('sandbox'), origin))).toEqual(samples);
    // Another variable that happens to be called baseUrl is not an SDK option.
    const own = "const baseUrl = 'https://tours.example.com';";
    expect(sampleFor(own, serverOf('production'), origin)).toBe(own);
  });

  it('changes one token at a time, so a highlighted sample keeps its colours', () => {
    const code = "new Kestrel({ environment: 'sandbox', privateKey: 'sk_test_9Qa2Vf7KxR3mT8' })";
    const edits = sampleEdits(code, serverOf('site'), origin);
    expect(edits.map((edit) => code.slice(edit.start, edit.end))).toEqual([
      'environment',
      'sandbox',
      'sk_test_9Qa2Vf7KxR3mT8',
    ]);
  });

  it("installs each SDK from this site for this site's sandbox, and from its registry for the others", () => {
    const install = [
      'npm install @kestrelpay/node',
      'yarn add @kestrelpay/node',
      'pip install kestrelpay',
      'composer require kestrelpay/kestrelpay-php',
    ].join('\n');
    expect(namesServer(install)).toBe(true);
    const site = sampleFor(install, serverOf('site'), origin);
    expect(site.split('\n')).toEqual([
      `npm install ${origin}/sdks/kestrelpay-node-1.0.0.tgz`,
      `yarn add ${origin}/sdks/kestrelpay-node-1.0.0.tgz`,
      `pip install ${origin}/sdks/kestrelpay-1.0.0-py3-none-any.whl`,
      `composer config repositories.kestrelpay composer ${origin}/sdks && composer require kestrelpay/kestrelpay-php`,
    ]);
    expect(sampleFor(site, serverOf('site'), 'http://localhost:3000')).toContain(
      'composer config secure-http false && composer config repositories.kestrelpay composer http://localhost:3000/sdks',
    );
    expect(sampleFor(site, serverOf('production'), origin)).toBe(install);
  });

  it('names every packed SDK by the version its package declares', async () => {
    const { readFile } = await import('node:fs/promises');
    const node = JSON.parse(await readFile('sdks/node/package.json', 'utf8')).version;
    const php = JSON.parse(await readFile('sdks/php/composer.json', 'utf8')).version;
    const python = /^VERSION = "([^"]+)"$/m.exec(
      await readFile('sdks/python/kestrelpay/version.py', 'utf8'),
    )![1];
    expect(SDK_PACKAGES.map(({ file }) => file)).toEqual([
      `kestrelpay-node-${node}.tgz`,
      `kestrelpay-${python}-py3-none-any.whl`,
      `kestrelpay-php-${php}.zip`,
    ]);
  });

  it('leaves other URLs and an unknown stored choice alone', () => {
    const link = '"url": "https://pay.kestrelpay.com/pl_7Vn3Qe"';
    expect(sampleFor(link, serverOf('production'), origin)).toBe(link);
    expect(namesServer(link)).toBe(false);
    expect(serverOf('staging').id).toBe('site');
  });

  it("gives the terminal this site's base URL, the docs key pairs and a token command", () => {
    const [base, publicKey, privateKey, restricted, token] = terminalValues(origin);
    expect(base.value).toBe(`${origin}/sandbox`);
    expect(publicKey.value).toBe('pk_test_KestrelDocsSandbox');
    expect(privateKey.value).toBe('sk_test_KestrelDocsSandboxPrivate');
    expect(restricted.label).toBe('Key pairs with one role');
    expect(restricted.value.split('\n')).toEqual(
      RESTRICTED_KEY_PAIRS.map(({ role, publicKey, privateKey }) =>
        expect.stringMatching(new RegExp(`^${role} +${publicKey} +${privateKey}$`)),
      ),
    );
    expect(token.value).toMatch(/^export KESTREL_ACCESS_TOKEN=\$\(curl -s https:\/\/docs/);
  });
});
