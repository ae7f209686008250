import { answerSearchRequest, refuseMethod } from '@/lib/search/embedded-service';

/** The embedded search service: the hosted service's multi-index queries protocol. */
export function POST(request: Request): Promise<Response> {
  return answerSearchRequest(request);
}

export {
  refuseMethod as GET,
  refuseMethod as PUT,
  refuseMethod as PATCH,
  refuseMethod as DELETE,
  refuseMethod as OPTIONS,
};
