// "Copy as" writes the exact request sent as cURL, JavaScript and Python; the cURL command runs in
// a shell and reaches the sandbox with the same method, path, headers and body.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCode, javascriptCode, pythonCode } from '@/lib/console/code';
import { wireRequest, type WireRequest } from '@/lib/console/request';

const origin = 'http://127.0.0.1:3000';
const request: WireRequest = wireRequest('POST', '/v1/customers/{id}', {
  path: { id: 'cus_5Tr9Wm' },
  query: {},
  headers: { 'Idempotency-Key': 'key-1' },
  body: { name: "Amelia O'Hart", metadata: { crm_id: 'C-20931' } },
});

describe('Copy as', () => {
  it('builds the wire request from the form values', () => {
    expect(request.url).toBe('/sandbox/v1/customers/cus_5Tr9Wm');
    expect(request.headers).toEqual([
      ['Idempotency-Key', 'key-1'],
      ['Content-Type', 'application/json'],
    ]);
    expect(JSON.parse(request.body!)).toEqual({
      name: "Amelia O'Hart",
      metadata: { crm_id: 'C-20931' },
    });
  });

  it('writes a cURL command a shell reads back as the same request', () => {
    const command = curlCode(request, origin, true);
    expect(command).toContain('-H "Authorization: Bearer $KESTREL_ACCESS_TOKEN"');
    // The shell's own parsing, with curl replaced by a printer of its arguments.
    const printed = execFileSync(
      'bash',
      ['-c', `curl() { printf '%s\\n' "$@"; }; KESTREL_ACCESS_TOKEN=tok; ${command}`],
      {
        encoding: 'utf8',
      },
    );
    expect(printed.trimEnd().split('\n')).toEqual([
      '-X',
      'POST',
      `${origin}/sandbox/v1/customers/cus_5Tr9Wm`,
      '-H',
      'Authorization: Bearer tok',
      '-H',
      'Idempotency-Key: key-1',
      '-H',
      'Content-Type: application/json',
      '-d',
      ...request.body!.split('\n'),
    ]);
  });

  it('writes fetch with the token from the environment and the body as data', () => {
    expect(javascriptCode(request, origin, true)).toBe(
      [
        `const response = await fetch('${origin}/sandbox/v1/customers/cus_5Tr9Wm', {`,
        "  method: 'POST',",
        '  headers: {',
        '    Authorization: `Bearer ${process.env.KESTREL_ACCESS_TOKEN}`,',
        "    'Idempotency-Key': 'key-1',",
        "    'Content-Type': 'application/json',",
        '  },',
        '  body: JSON.stringify({',
        "    name: 'Amelia O\\'Hart',",
        '    metadata: {',
        "      crm_id: 'C-20931',",
        '    },',
        '  }),',
        '});',
        'console.log(response.status, await response.json());',
      ].join('\n'),
    );
  });

  it('writes requests with json= (which sets the Content-Type) and no token when none is sent', () => {
    const code = pythonCode(request, origin, false);
    expect(code).not.toContain('Authorization');
    expect(code).not.toContain('Content-Type');
    expect(code).toContain('"Idempotency-Key": "key-1"');
    expect(code).toContain(`json={\n        "name": "Amelia O'Hart",`);
  });

  it('keeps a body that is not JSON as its text', () => {
    const raw = { ...request, body: '{ "name": ' };
    expect(javascriptCode(raw, origin, false)).toContain(`body: '{ "name": ',`);
    expect(pythonCode(raw, origin, false)).toContain(`data="{ \\"name\\": ",`);
    expect(pythonCode(raw, origin, false)).toContain('"Content-Type": "application/json"');
  });
});
