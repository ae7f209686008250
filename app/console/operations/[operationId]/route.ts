import { operationSpec } from '@/lib/console/operation-spec';
import { loadDocument } from '@/lib/openapi/document';
import { operationParams } from '@/lib/openapi/operations';
import { source } from '@/lib/source';

type Props = { params: Promise<{ operationId: string }> };

// Built once per operation: the console fetches one when it opens, never the whole document.
export const dynamic = 'force-static';
export const dynamicParams = false;

export const generateStaticParams = () => operationParams(loadDocument());

/** The fields, example, error codes and scenarios of one operation, for the Try it console. */
export async function GET(_request: Request, { params }: Props) {
  const { operationId } = await params;
  return Response.json(operationSpec(loadDocument(), operationId, await source.links()));
}
