import { readFile } from 'node:fs/promises';
import { DOCUMENT_FILE } from '@/lib/openapi/document';
import { site } from '@/lib/site';

export const dynamic = 'force-static';

/** The OpenAPI document the reference is rendered from, as a download. */
export async function GET() {
  return new Response(await readFile(DOCUMENT_FILE, 'utf8'), {
    headers: {
      'Content-Type': 'application/yaml; charset=utf-8',
      'Content-Disposition': `inline; filename="${site.openApiFileName}"`,
    },
  });
}
