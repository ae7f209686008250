import { describe, expect, it } from 'vitest';
import { exampleViolations } from '@/lib/openapi/examples';
import { enumsMdx, errorsMdx, referenceMdx } from '@/lib/openapi/mdx';
import { endpointsOf } from '@/lib/openapi/operations';
import { curlSample } from '@/lib/openapi/samples/curl';
import { javascriptSample } from '@/lib/openapi/samples/javascript';
import { pythonSample } from '@/lib/openapi/samples/python';
import { attributesOf, viewOf } from '@/lib/openapi/schema';
import { miniDocument } from '../fixtures/openapi-mini';

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
});

describe('generated MDX', () => {
  it('writes the object, every endpoint with its samples, and its errors', () => {
    const mdx = referenceMdx(miniDocument(), 'tickets');
    expect(mdx).toMatch(/^## The ticket object/);
    expect(mdx.match(/^## .*$/gm)).toEqual([
      '## The ticket object',
      '## Create a ticket',
      '## List tickets',
      '## Cancel a ticket',
    ]);
    expect(mdx).toContain('<MethodBadge method="post" /> `/v1/tickets/{id}/cancel`');
    expect(mdx).toContain('```python title="Python"');
    expect(mdx).toContain('[`seat_taken`](/errors#seat_taken): Pick another seat.');
    expect(mdx).toContain('anchor={"ticket-legs-from"}');
  });

  it('fails naming an unknown error code or tag', () => {
    const document = miniDocument();
    document.paths['/v1/tickets']!.post!['x-errors'] = ['no_such_code'];
    expect(() => referenceMdx(document, 'tickets')).toThrow(/"no_such_code", which is not in/);
    expect(() => referenceMdx(miniDocument(), 'nope')).toThrow(/has no tag "nope"/);
  });

  it('lists enums and error codes with their anchors', () => {
    expect(enumsMdx(miniDocument())).toContain('## TicketStatus');
    expect(errorsMdx(miniDocument())).toContain('anchor={"seat_taken"}');
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
