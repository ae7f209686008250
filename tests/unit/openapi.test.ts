import { describe, expect, it } from 'vitest';
import { exampleViolations } from '@/lib/openapi/examples';
import { endpointsOf } from '@/lib/openapi/operations';
import { curlSample } from '@/lib/openapi/samples/curl';
import { javascriptSample } from '@/lib/openapi/samples/javascript';
import { pythonSample } from '@/lib/openapi/samples/python';
import { phpSample } from '@/lib/openapi/samples/php';
import { attributesOf, viewOf } from '@/lib/openapi/schema';
import { assignHeadingIds } from '@/lib/mdx/headings';
import { renderHtml } from '@/lib/mdx/html/render';
import { toMarkdown } from '@/lib/mdx/markdown';
import { enumsCatalogue, errorsCatalogue } from '@/lib/openapi/pages/catalogues';
import { referenceLinks } from '@/lib/openapi/pages/links';
import { tagReference } from '@/lib/openapi/pages/reference';
import { miniDocument } from '../fixtures/openapi-mini';

const links = referenceLinks({
  tags: { tickets: '/resources/tickets' },
  catalogues: { enums: '/resources/enums', errors: '/errors', events: '/webhooks' },
});
const pageUrl = 'https://docs.example.test/resources/tickets';
/** Generated nodes as the Markdown export writes them. */
const markdownOf = (nodes: ReturnType<typeof tagReference>) =>
  toMarkdown({ type: 'root', children: nodes }, { file: 'generated', pageUrl });

describe('schema views', () => {
  it('folds references, nullable unions, enums and allOf', () => {
    const document = miniDocument();
    const ticket = viewOf(document, { $ref: '#/components/schemas/Ticket' });
    const attributes = attributesOf(ticket.properties, ticket.required, 'ticket');
    const byName = Object.fromEntries(attributes.map((attribute) => [attribute.name, attribute]));
    expect(byName.status).toMatchObject({
      type: 'string',
      required: true,
      component: 'TicketStatus',
    });
    expect(byName.status!.values).toEqual([
      { value: 'open', description: 'Valid for travel.' },
      { value: 'cancelled', description: 'No longer valid.' },
    ]);
    expect(byName.note).toMatchObject({ nullable: true, description: 'A note, or `null`.' });
    expect(byName.legs).toMatchObject({ type: 'array of objects', required: false });
    expect(byName.legs!.children).toMatchObject([
      { name: 'from', anchor: 'ticket-legs-from', nullable: true },
    ]);
    const list = viewOf(document, { $ref: '#/components/schemas/TicketList' });
    expect(list.properties.data!.items!.component).toBe('Ticket');
  });

  it('names a broken reference and how to fix it', () => {
    expect(() => viewOf(miniDocument(), { $ref: '#/components/schemas/Nope' })).toThrow(
      /"#\/components\/schemas\/Nope" points nowhere/,
    );
  });
});

describe('code samples', () => {
  const [create, list, cancel] = endpointsOf(miniDocument(), 'tickets');

  it('calls the endpoint with cURL, quoting what the shell would break on', () => {
    expect(curlSample(create!, 'https://api.example.test')).toBe(
      [
        'curl https://api.example.test/v1/tickets \\',
        '  -H "Authorization: Bearer $KESTREL_ACCESS_TOKEN" \\',
        '  -H "Idempotency-Key: key-1" \\',
        '  -H "Content-Type: application/json" \\',
        `  -d '{`,
        `    "seat": "12A",`,
        `    "passenger": {`,
        `      "name": "O'\\''Brien"`,
        '    }',
        `  }'`,
      ].join('\n'),
    );
    expect(curlSample(list!, 'https://api.example.test')).toBe(
      'curl "https://api.example.test/v1/tickets?status=open" \\\n  -H "Authorization: Bearer $KESTREL_ACCESS_TOKEN"',
    );
    expect(curlSample(cancel!, 'https://api.example.test')).toBe(
      'curl -X POST https://api.example.test/v1/tickets/tk_1/cancel \\\n  -H "Authorization: Bearer $KESTREL_ACCESS_TOKEN"',
    );
  });

  it('calls the JavaScript SDK with path arguments, the body and the idempotency key', () => {
    expect(javascriptSample(create!)).toBe(
      [
        'const ticket = await kestrel.tickets.create(',
        '  {',
        "    seat: '12A',",
        '    passenger: {',
        "      name: 'O\\'Brien',",
        '    },',
        '  },',
        "  { idempotencyKey: 'key-1' },",
        ');',
      ].join('\n'),
    );
    expect(javascriptSample(list!)).toBe(
      "const page = await kestrel.tickets.list({\n  status: 'open',\n});",
    );
    expect(javascriptSample(cancel!)).toBe(
      "const ticket = await kestrel.ticketBooths.cancelTicket('tk_1');",
    );
  });

  it('calls the Python SDK with snake_case names and keyword arguments', () => {
    expect(pythonSample(create!)).toBe(
      [
        'ticket = kestrel.tickets.create(',
        '    seat="12A",',
        '    passenger={',
        '        "name": "O\'Brien",',
        '    },',
        '    idempotency_key="key-1",',
        ')',
      ].join('\n'),
    );
    expect(pythonSample(cancel!)).toBe('ticket = kestrel.ticket_booths.cancel_ticket("tk_1")');
  });

  it('calls the PHP SDK with camelCase names, fields as an array and the key as an option', () => {
    expect(phpSample(create!)).toBe(
      [
        '$ticket = $kestrel->tickets->create(',
        '    [',
        "        'seat' => '12A',",
        "        'passenger' => [",
        "            'name' => 'O\\'Brien',",
        '        ],',
        '    ],',
        "    ['idempotency_key' => 'key-1'],",
        ');',
      ].join('\n'),
    );
    expect(phpSample(cancel!)).toBe("$ticket = $kestrel->ticketBooths->cancelTicket('tk_1');");
  });
});

describe('the generated reference', () => {
  it('writes the object, every endpoint with its samples, and its errors', () => {
    const nodes = tagReference(miniDocument(), 'tickets', links);
    const markdown = markdownOf(nodes);
    expect(markdown.match(/^## .*$/gm)).toEqual([
      '## The ticket object',
      '## Create a ticket',
      '## List tickets',
      '## Cancel a ticket',
    ]);
    expect(markdown).toContain('`POST /v1/tickets/{id}/cancel`');
    expect(markdown).toContain('```python title="Python"');
    expect(markdown).toContain('```php title="PHP"');
    expect(markdown).toContain(
      '[`seat_taken`](https://docs.example.test/errors#seat_taken): Pick another seat.',
    );
    expect(markdown).toContain('- `from` (string, required, nullable)');
  });

  it('keeps the anchors that links and the side menu rely on', async () => {
    const tree = {
      type: 'root' as const,
      children: tagReference(miniDocument(), 'tickets', links),
    };
    const sections = assignHeadingIds(tree);
    expect(sections.map((section) => section.id)).toEqual([
      'the-ticket-object',
      'create-a-ticket',
      'list-tickets',
      'cancel-a-ticket',
    ]);
    const html = await renderHtml(tree, { file: 'generated' });
    expect(html).toContain('<li id="ticket-legs-from" data-slot="attribute">');
    expect(html).toMatch(
      /data-slot="endpoint" data-operation="createTicket"><span data-slot="method-badge" data-method="post">post<\/span> <code>\/v1\/tickets<\/code>/,
    );
  });

  it('treats braces, angle brackets and HTML in descriptions as text', async () => {
    const document = miniDocument();
    document.paths['/v1/tickets']!.post!.description =
      'Use {id} or {{x}} and <Ticket /> or <b>bold</b>, < and > too: `a {b}`.';
    const tree = { type: 'root' as const, children: tagReference(document, 'tickets', links) };
    assignHeadingIds(tree);
    const html = await renderHtml(tree, { file: 'generated' });
    expect(html).toContain('Use {id} or {{x}} and  or bold, &#x3C; and > too: <code>a {b}</code>.');
    expect(markdownOf(tree.children)).toContain('Use {id} or {{x}} and  or bold, < and > too');
  });

  it('fails naming an unknown error code or tag', () => {
    const document = miniDocument();
    document.paths['/v1/tickets']!.post!['x-errors'] = ['no_such_code'];
    expect(() => tagReference(document, 'tickets', links)).toThrow(
      /"no_such_code", which is not in/,
    );
    expect(() => tagReference(miniDocument(), 'nope', links)).toThrow(/has no tag "nope"/);
  });

  it("names each page that shows an enum's attribute, once per attribute", () => {
    const document = miniDocument();
    document.tags.push({ name: 'box-office', 'x-displayName': 'Box Office' });
    document.paths['/v1/tickets']!.post!.tags!.push('box-office');
    const bothPages = referenceLinks({
      tags: { tickets: '/resources/tickets', 'box-office': '/resources/box-office' },
      catalogues: { enums: '/resources/enums', errors: '/errors', events: '/webhooks' },
    });
    const markdown = markdownOf(enumsCatalogue(document, bothPages));
    const onPage = (page: string, anchor: string) =>
      `https://docs.example.test/resources/${page}#${anchor}`;
    expect(markdown).toContain(
      `Used by Ticket.status (on [Tickets](${onPage('tickets', 'ticket-status')}) and [Box Office](${onPage('box-office', 'ticket-status')})) and Ticket.note`,
    );
    expect(markdownOf(enumsCatalogue(miniDocument(), links))).toContain(
      `Used by [Ticket.status](${onPage('tickets', 'ticket-status')}) and [Ticket.note](`,
    );
  });

  it('lists enums and error codes with their anchors', () => {
    expect(markdownOf(enumsCatalogue(miniDocument(), links))).toContain('## TicketStatus');
    const errors = errorsCatalogue(miniDocument());
    expect(JSON.stringify(errors)).toContain('"name":"anchor","value":"seat_taken"');
  });

  it('names the missing page when the reference links to a part no page shows', () => {
    const without = referenceLinks({ tags: {}, catalogues: {} });
    expect(() => tagReference(miniDocument(), 'tickets', without)).toThrow(
      /No page shows the "enums" catalogue.*<ApiReference catalogue="enums" \/>/,
    );
  });
});

describe('example validation', () => {
  it('accepts examples that match their schemas', () => {
    expect(exampleViolations(miniDocument())).toEqual([]);
  });

  it('reports an example with a wrong enum value or an unknown field', () => {
    const document = miniDocument();
    const media = document.paths['/v1/tickets']!.post!.responses['201'] as {
      content: Record<string, { example: Record<string, unknown> }>;
    };
    media.content['application/json']!.example.status = 'lost';
    media.content['application/json']!.example.colour = 'red';
    const [violation] = exampleViolations(document);
    expect(violation!.location).toBe(
      '#/paths/~1v1~1tickets/post/responses/201/content/application~1json/example',
    );
    expect(violation!.errors.join(' ')).toMatch(/must be equal to one of the allowed values/);
    expect(violation!.errors.join(' ')).toMatch(/must NOT have additional properties/);
  });
});
