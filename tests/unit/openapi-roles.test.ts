// `x-roles`, the one place the document says who may call each operation: checked on load, and
// what the reference marks, the Markdown export says and the sandbox refuses.
import { describe, expect, it } from 'vitest';
import { accessMarks, accessSentences, missingRoles, type Access } from '@/lib/openapi/access';
import { checkRoles, type ApiDocument } from '@/lib/openapi/document';
import { assignHeadingIds } from '@/lib/mdx/headings';
import { renderHtml } from '@/lib/mdx/html/render';
import { toMarkdown } from '@/lib/mdx/markdown';
import { accessOf } from '@/lib/openapi/operation-access';
import { referenceLinks } from '@/lib/openapi/pages/links';
import { tagReference } from '@/lib/openapi/pages/reference';
import { miniDocument } from '../fixtures/openapi-mini';

const links = referenceLinks({
  tags: { tickets: '/resources/tickets' },
  catalogues: { enums: '/resources/enums', errors: '/errors', events: '/webhooks' },
});

/** The mini document's `POST /v1/tickets`, with its `passenger` field needing `finance` too. */
function withFieldRoles(): ApiDocument {
  const document = miniDocument();
  const body = document.paths['/v1/tickets']!.post!.requestBody as {
    content: Record<string, { schema: { properties: Record<string, object> } }>;
  };
  const properties = body.content['application/json']!.schema.properties;
  properties.passenger = { ...properties.passenger, 'x-roles': ['finance'] };
  return document;
}

async function referenceOf(document: ApiDocument) {
  const tree = { type: 'root' as const, children: tagReference(document, 'tickets', links) };
  assignHeadingIds(tree);
  const pageUrl = 'https://docs.example.test/resources/tickets';
  return {
    html: await renderHtml(tree, { file: 'generated' }),
    markdown: toMarkdown(tree, { file: 'generated', pageUrl }),
  };
}

describe('x-roles in the document', () => {
  it('is required on every operation: a document without it fails to load, naming the operation', () => {
    expect(() => checkRoles(miniDocument())).not.toThrow();
    const missing = miniDocument();
    delete missing.paths['/v1/tickets']!.get!['x-roles'];
    expect(() => checkRoles(missing)).toThrow(
      /GET \/v1\/tickets \(listTickets\) needs x-roles: the roles any one of which may call it/,
    );
    const unknown = miniDocument();
    unknown.paths['/v1/tickets']!.post!['x-roles'] = ['pilot'];
    expect(() => checkRoles(unknown)).toThrow(/names the role pilot, which ApiKeyRole lacks/);
    const field = withFieldRoles();
    expect(() => checkRoles(field)).not.toThrow();
  });

  it('reads the roles, `any` as every documented role, and the fields that need one more', () => {
    const document = withFieldRoles();
    const list = accessOf(document, document.paths['/v1/tickets']!.get!);
    expect(list).toMatchObject({ roles: ['agent', 'finance', 'viewer'], anyRole: true });
    expect(accessOf(document, document.paths['/v1/tickets']!.post!)).toEqual({
      roles: ['agent'],
      anyRole: false,
      fields: [{ field: 'passenger', roles: ['finance'] }],
      serverSideOnly: true,
      sandboxOnly: false,
    });
  });
});

describe('who may call an endpoint, in words and in the check', () => {
  const access: Access = {
    roles: ['developer'],
    anyRole: false,
    fields: [{ field: 'funds_release', roles: ['finance'] }],
    serverSideOnly: true,
    sandboxOnly: true,
  };

  it('says it as marks and sentences', () => {
    expect(accessMarks(access).map(({ kind, label }) => [kind, label])).toEqual([
      ['roles', 'Role: developer (finance too for funds_release)'],
      ['server-side', 'Server-side only'],
      ['sandbox-only', 'Sandbox only'],
    ]);
    expect(accessSentences(access)[0]).toBe(
      'Needs a key pair with the `developer` role, and with the `finance` role as well to send `funds_release`.',
    );
    const either = { ...access, roles: ['agent', 'finance'], fields: [] };
    expect(accessSentences(either)[0]).toBe('Needs a key pair with the `agent` or `finance` role.');
    expect(accessMarks(either)[0]!.label).toBe('Roles: agent or finance');
  });

  it('finds the role a key pair lacks, for the operation or for a field it sends', () => {
    expect(missingRoles(access, ['viewer'], [])).toEqual({ roles: ['developer'] });
    expect(missingRoles(access, ['developer'], ['name'])).toBeUndefined();
    expect(missingRoles(access, ['developer'], ['funds_release'])).toEqual({
      roles: ['finance'],
      field: 'funds_release',
    });
    expect(missingRoles(access, ['developer', 'finance'], ['funds_release'])).toBeUndefined();
  });
});

describe('the reference marks each endpoint with who may call it', () => {
  it('renders the marks under each request, and says them in the Markdown export', async () => {
    const { html, markdown } = await referenceOf(withFieldRoles());
    expect(html).toContain(
      '<p data-slot="endpoint-access"><span data-access="roles">Role: agent (finance too for passenger)</span> <span data-access="server-side">Server-side only</span></p>',
    );
    expect(html).toContain('>Any role</span>');
    expect(html).toContain('>Roles: agent or finance</span>');
    expect(html).toContain('only with the finance role');
    expect(markdown).toContain(
      'Needs a key pair with the `agent` role, and with the `finance` role as well to send `passenger`. Call it only from your servers',
    );
    expect(markdown).toContain('Any role can call it.');
    expect(markdown).toContain('Needs a key pair with the `agent` or `finance` role.');
  });
});
