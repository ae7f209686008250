import { describe, expect, it } from 'vitest';
import { publicConfig } from '@/lib/config/public';
import { pageMarkdown } from '@/lib/markdown/page-markdown';
import { toMarkdown } from '@/lib/mdx/markdown';
import { parseMdx, type MdxFormat } from '@/lib/mdx/parse';
import { loadDocument } from '@/lib/openapi/document';
import { endpointsOf } from '@/lib/openapi/operations';
import { source } from '@/lib/source';

const pageUrl = 'https://docs.example.com/resources/tickets';
const mdxToMarkdown = (body: string, { format }: { format: MdxFormat; pageUrl: string }) =>
  toMarkdown(parseMdx(body, { format, file: 'page.mdx' }), { file: 'page.mdx', pageUrl });
const convert = (body: string) => mdxToMarkdown(body, { format: 'mdx', pageUrl });

/** The Markdown outside code blocks and code spans, where no JSX may be left. */
const prose = (markdown: string) =>
  markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');

describe('MDX to Markdown', () => {
  it("writes code samples for this site's sandbox, as the page shows them by default", () => {
    const markdown = convert(
      [
        '```bash title="cURL"\ncurl https://api.kestrelpay.com/v1/charges \\\n  -u sk_live_9Qa2Vf7KxR3mT8\n```',
        '```js title="JavaScript"\nconst kestrel = new KestrelPay({ environment: \'sandbox\' });\n```',
      ].join('\n\n'),
    );
    const sandbox = `${publicConfig.siteUrl}/sandbox`;
    expect(markdown).toContain(`curl ${sandbox}/v1/charges`);
    expect(markdown).toContain('sk_test_KestrelDocsSandboxPrivate');
    expect(markdown).toContain(`new KestrelPay({ baseUrl: '${sandbox}' })`);
    expect(markdown).not.toContain('api.kestrelpay.com');
  });

  it('writes attributes as nested lists with their type, flags and enum values', () => {
    const body = [
      '<Attributes>',
      '<Attribute name={"status"} type={"string"} anchor={"ticket-status"} required nullable constraints={"at most 3"}>',
      'Where the ticket is.',
      '<EnumValues>',
      'Possible values:',
      '- `open`: Valid for travel.\n- `cancelled`',
      '</EnumValues>',
      '</Attribute>',
      '<Attribute name={"legs"} type={"array of objects"} anchor={"ticket-legs"}>',
      'The flights.',
      '<ChildAttributes>',
      '<Attributes>',
      '<Attribute name={"from"} type={"string"} anchor={"ticket-legs-from"}>',
      'Departure airport.',
      '</Attribute>',
      '</Attributes>',
      '</ChildAttributes>',
      '</Attribute>',
      '</Attributes>',
    ].join('\n\n');
    expect(convert(body)).toBe(
      [
        '- `status` (string, required, nullable, at most 3): Where the ticket is.',
        '',
        '  Possible values:',
        '  - `open`: Valid for travel.',
        '  - `cancelled`',
        '- `legs` (array of objects): The flights.',
        '  - `from` (string): Departure airport.',
        '',
      ].join('\n'),
    );
  });

  it('turns endpoints, method badges, titles, notes, properties and code groups into Markdown', () => {
    const body = [
      '<Row>\n<Col>',
      '<Endpoint method="post" path="/v1/tickets" />',
      '<AttributesTitle>Body</AttributesTitle>',
      '<Note>\n\nSend an [idempotency key](/errors#idempotency).\n\n</Note>',
      '<Properties>\n\n<Property name="type" type="string">\n\nThe broad category.\n\n</Property>\n\n</Properties>',
      '</Col>\n<Col sticky>',
      '<CodeGroup title="Request">\n\n```bash title="cURL"\ncurl -X POST https://api.example.com/v1/tickets\n```\n\n</CodeGroup>',
      '</Col>\n</Row>',
      'Jump to [the object](#the-ticket-object) or the <MethodBadge method="get" /> list.',
    ].join('\n\n');
    expect(convert(body)).toBe(
      [
        '`POST /v1/tickets`',
        '',
        '**Body**',
        '',
        '> **Note:** Send an [idempotency key](https://docs.example.com/errors#idempotency).',
        '',
        '- `type` (string): The broad category.',
        '',
        '**Request**',
        '',
        '```bash title="cURL"',
        'curl -X POST https://api.example.com/v1/tickets',
        '```',
        '',
        'Jump to [the object](https://docs.example.com/resources/tickets#the-ticket-object) or the `GET` list.',
        '',
      ].join('\n'),
    );
  });

  it('drops raw HTML and reads CMS guides as plain Markdown', () => {
    const markdown = mdxToMarkdown('Hi <b>there</b> {x}\n\n<div>raw</div>', {
      format: 'md',
      pageUrl,
    });
    expect(markdown).toBe('Hi there {x}\n');
  });

  it('keeps only the text of links that would run code or leave for an unknown scheme', () => {
    const markdown = mdxToMarkdown(
      '[Run](javascript:alert(1)) [Data](data:text/html,x) ![Pic](vbscript:x) [Mail](mailto:a@b.c)',
      { format: 'md', pageUrl },
    );
    expect(markdown).toBe('Run Data Pic [Mail](mailto:a@b.c)\n');
  });

  const document = loadDocument();
  it.each(document.tags.map((tag) => [tag.name]))(
    'the page of %s keeps every endpoint with its samples and response, and no JSX',
    async (tag) => {
      const route = (await source.links()).requiredTagPage(tag);
      const content = await source.content(route);
      const markdown = toMarkdown(content!.tree, {
        file: route,
        pageUrl: `https://x.test${route}`,
      });
      expect(prose(markdown)).not.toMatch(/<\/?[A-Za-z][\w.]*(\s[^>]*)?\/?>/);
      const endpoints = endpointsOf(document, tag);
      for (const endpoint of endpoints) {
        expect(markdown).toContain(`\`${endpoint.method.toUpperCase()} ${endpoint.path}\``);
        expect(markdown).toContain(`## ${endpoint.summary}\n`);
      }
      const fences = (language: string) => markdown.split(`\`\`\`${language} title=`).length - 1;
      expect(fences('bash')).toBeGreaterThanOrEqual(endpoints.length);
      expect(fences('js')).toBeGreaterThanOrEqual(endpoints.length);
      expect(fences('python')).toBeGreaterThanOrEqual(endpoints.length);
      const responses = endpoints.filter((endpoint) => endpoint.response.example !== undefined);
      expect(fences('json')).toBeGreaterThanOrEqual(responses.length);
    },
  );
});

describe('pageMarkdown', () => {
  it('opens with the title, the lead and the page address', () => {
    expect(
      pageMarkdown({
        title: 'Refunds',
        description: 'Give money back.',
        url: pageUrl,
        body: '## A\n',
      }),
    ).toBe(`# Refunds\n\nGive money back.\n\nSource: <${pageUrl}>\n\n## A\n`);
  });
});
