import { validatorModule } from '@/lib/console/validator-module';
import { loadDocument } from '@/lib/openapi/document';
import { operationParams } from '@/lib/openapi/operations';

type Props = { params: Promise<{ operationId: string }> };

// Generated at build time; the console imports it when it opens.
export const dynamic = 'force-static';
export const dynamicParams = false;

export const generateStaticParams = () => operationParams(loadDocument());

/** An operation's request validation as a browser module, the same rules as the sandbox's. */
export async function GET(_request: Request, { params }: Props) {
  const { operationId } = await params;
  return new Response(validatorModule(loadDocument(), operationId), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
  });
}
