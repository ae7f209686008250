// The Quickstart's cURL commands, as the page renders them with the default server, pasted into a
// terminal one after another: each answers the status the page shows below it, from this site.
import { execFileSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { publicConfig } from '@/lib/config/public';

const baseUrl = inject('baseUrl');

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

type Step = { command: string; status: number };

/** The Quickstart's cURL commands, each with the status of the response block that follows it. */
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
    steps.push({ command: decode(code!), status: Number(response![2]!.split(' ')[1]) });
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
    for (const step of steps) {
      const answer = run(step.command, env);
      expect(answer.status, step.command).toBe(step.status);
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
});
