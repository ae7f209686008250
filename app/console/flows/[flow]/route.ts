import { flowSpec } from '@/lib/console/flow-spec';
import { FLOW_NAMES, type FlowName } from '@/lib/console/flows';
import { loadDocument } from '@/lib/openapi/document';

type Props = { params: Promise<{ flow: FlowName }> };

// Built once per flow; a flow runner fetches its flow when the reader reaches it.
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return FLOW_NAMES.map((flow) => ({ flow }));
}

/** A flow's steps with their requests and the values they carry, for `<SandboxFlow>`. */
export async function GET(_request: Request, { params }: Props) {
  return Response.json(flowSpec(loadDocument(), (await params).flow));
}
