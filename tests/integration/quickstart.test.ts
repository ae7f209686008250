// The Quickstart's cURL commands, as the page renders them with the default server, pasted into a
// terminal one after another: each answers the status the page shows below it, from this site.
import { execFileSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { publicConfig } from '@/lib/config/public';
import { loadDocument } from '@/lib/openapi/document';
import { isTriggered, testScenarios } from '@/lib/openapi/test-scenarios';
import { SANDBOX_KEY_PAIR } from '@/lib/sandbox/keys';

const baseUrl = inject('baseUrl');

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** A command, the status the page shows for it, and the ID of the object its answer shows. */
type Step = { command: string; status: number; shownId?: string };

/** The Quickstart's cURL commands, each with the status and ID of the response block that follows it. */
function quickstartSteps(html: string): Step[] {
  const start = html.indexOf('id="quickstart"');
  const section = html.slice(start, html.indexOf('id="how-the-pieces-fit-together"', start));
  const blocks = [
    ...section.matchAll(
      /<pre data-language="(\w+)" data-title="([^"]*)"[^>]*><code>([\s\S]*?)<\/code><\/pre>/g,
    ),
  ];
  const steps: Step[] = [];
  blocks.forEach(([, language, title, code], index) => {
    if (language !== 'bash' || title !== 'cURL') return;
    const response = blocks.slice(index + 1).find(([, , next]) => next!.startsWith('Response'));
    const shownId = /"id": "([a-z]+_\w+)"/.exec(decode(response![3]!))?.[1];
    steps.push({
      command: decode(code!),
      status: Number(response![2]!.split(' ')[1]),
      ...(shownId ? { shownId } : {}),
    });
  });
  return steps;
}

/** Runs a pasted command in bash, with curl told to print the status after the body. */
function run(command: string, env: Record<string, string>) {
  const output = execFileSync('bash', ['-c', `${command} -s -w '\\n%{http_code}'`], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  const lines = output.trimEnd().split('\n');
  return {
    status: Number(lines.pop()),
    body: JSON.parse(lines.join('\n')) as Record<string, unknown>,
  };
}

describe('the Quickstart from a terminal', () => {
  it('answers each cURL command with the status the page shows, from this site', async () => {
    const html = await (await fetch(new URL('/', baseUrl))).text();
    // The build writes this site's sandbox at its site URL; the test server listens elsewhere.
    const steps = quickstartSteps(html).map((step) => ({
      ...step,
      command: step.command.replaceAll(publicConfig.siteUrl, new URL(baseUrl).origin),
    }));
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect(
      steps.every((step) => step.command.includes(`${new URL(baseUrl).origin}/sandbox/v1/`)),
    ).toBe(true);

    const env: Record<string, string> = {};
    const ownIds = new Map<string, string>();
    for (const step of steps) {
      // A reader sends the IDs of their own objects where the page shows its example's.
      const command = [...ownIds].reduce(
        (text, [shown, own]) => text.replaceAll(shown, own),
        step.command,
      );
      const answer = run(command, env);
      if (step.shownId && typeof answer.body.id === 'string')
        ownIds.set(step.shownId, answer.body.id);
      expect(answer.status, `${command}: ${JSON.stringify(answer.body)}`).toBe(step.status);
      if (typeof answer.body.access_token === 'string')
        env.KESTREL_ACCESS_TOKEN = answer.body.access_token;
    }
    expect(env.KESTREL_ACCESS_TOKEN).toMatch(/^kp_at_/);
  });

  it("writes every sample for this site's sandbox by default, never for a 404 at /v1", async () => {
    for (const path of [
      '/',
      '/authentication',
      '/webhooks',
      '/resources/charges',
      '/guides/save-a-card',
    ]) {
      const html = await (await fetch(new URL(path, baseUrl))).text();
      const code = [...html.matchAll(/<pre[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)]
        .map((match) => decode(match[1]!))
        .join('\n');
      expect(code, path).not.toMatch(/https:\/\/(sandbox\.)?api\.kestrelpay\.com\/v1/);
      expect(code, path).not.toContain(`${publicConfig.siteUrl}/v1/`);
      expect(code, path).toContain(`${publicConfig.siteUrl}/sandbox/v1/`);
    }
  });

  it("runs the terminal box's token command, and each message that names a page finds it there", async () => {
    const html = await (await fetch(new URL('/authentication', baseUrl))).text();
    const origin = new URL(baseUrl).origin;
    const box = html.slice(html.indexOf('data-slot="sandbox-terminal"'));
    const values = [...box.matchAll(/<pre[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)]
      .slice(0, 5)
      .map((match) => decode(match[1]!).replaceAll(publicConfig.siteUrl, origin));
    expect(values.slice(0, 3)).toEqual([
      `${origin}/sandbox`,
      SANDBOX_KEY_PAIR.publicKey,
      SANDBOX_KEY_PAIR.privateKey,
    ]);
    const token = execFileSync('bash', ['-c', `${values[4]}; printf %s "$KESTREL_ACCESS_TOKEN"`], {
      encoding: 'utf8',
    });
    expect(token).toMatch(/^kp_at_/);

    // The key pairs with one role beside it: the viewer's token reads, and creating answers 403.
    const viewer = values[3]!.split('\n').find((line) => line.startsWith('viewer '));
    const [, publicKey, privateKey] = viewer!.split(/ +/);
    const issued = await fetch(new URL('/sandbox/v1/auth/token', baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ public_key: publicKey, private_key: privateKey }),
    });
    const { access_token: viewerToken } = (await issued.json()) as { access_token: string };
    const created = await fetch(new URL('/sandbox/v1/customers', baseUrl), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${viewerToken}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': 'viewer-rehearses-a-403',
      },
      body: JSON.stringify({ name: 'Zed', email: 'zed@example.com' }),
    });
    expect(created.status).toBe(403);
    const listed = await fetch(new URL('/sandbox/v1/customers', baseUrl), {
      headers: { Authorization: `Bearer ${viewerToken}` },
    });
    expect(listed.status).toBe(200);

    // "Use the sandbox keys shown on the Authentication page": it shows them.
    const refused = await fetch(new URL('/sandbox/v1/auth/token', baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ public_key: 'pk_test_other', private_key: 'sk_test_other' }),
    });
    const { error } = (await refused.json()) as { error: { message: string } };
    expect(error.message).toContain('shown on the Authentication page');
    // "Use one listed on the Testing page": every test card and test bank is listed there.
    const testing = await (await fetch(new URL('/testing', baseUrl))).text();
    const hosted = testScenarios(loadDocument())
      .filter(isTriggered)
      .filter((scenario) => ['card_number', 'institution_id'].includes(scenario.trigger.field));
    expect(hosted.length).toBeGreaterThan(3);
    for (const scenario of hosted) expect(testing).toContain(String(scenario.trigger.value));
  });
});
