import { sandbox } from '@/lib/sandbox';

// Every answer depends on the request and the sandbox's state.
export const dynamic = 'force-dynamic';

/** The sandbox API and its webhook inbox: the request goes to `lib/sandbox` as it is. */
function handle(request: Request): Promise<Response> {
  return sandbox().handle(request);
}

export {
  handle as GET,
  handle as HEAD,
  handle as POST,
  handle as PATCH,
  handle as PUT,
  handle as DELETE,
};
