// A request whose body arrives slowly, for the sandbox's limits on requests in progress and on
// bodies that take too long.
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';

/** A POST whose body is still arriving until `end` is called. */
export function slowPost(
  origin: string,
  token: string,
): { sent: ClientRequest; done: Promise<number> } {
  let sent!: ClientRequest;
  const done = new Promise<number>((resolve, reject) => {
    sent = httpRequest(`${origin}/sandbox/v1/customers`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
    });
    sent.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.write('{"name": "Amelia Hart",');
    sent.flushHeaders();
  });
  return { sent, done };
}
