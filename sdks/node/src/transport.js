import { randomUUID } from 'node:crypto';
import { errorFromResponse, KestrelError } from './errors.js';
import { isRetryable, retryDelayMs, sleep } from './retries.js';

/** Sends one operation: its token, idempotency key, timeout and retries. */
export class Transport {
  #config;
  #tokens;

  /**
   * @param {{ baseUrl: string, apiVersion: string, timeout: number, maxRetries: number }} config
   * @param {{ get(): Promise<string>, discard(token: string): void }} tokens
   */
  constructor(config, tokens) {
    this.#config = config;
    this.#tokens = tokens;
  }

  /** The operation's JSON answer, or a typed error once the safe retries are spent. */
  async send(operation, pathValues, params, idempotencyKey) {
    const url = this.#url(operation, pathValues, operation.query ? params : undefined);
    const body = operation.query ? undefined : JSON.stringify(params ?? {});
    // Chosen once, before the first attempt, so every retry is recognised as the same request.
    const key = operation.idempotent ? (idempotencyKey ?? randomUUID()) : undefined;
    let tokenRenewed = false;
    let retry = 0;
    for (;;) {
      const token = operation.public ? undefined : await this.#tokens.get();
      let answer;
      try {
        answer = await this.#attempt(operation.method, url, this.#headers(token, key, body), body);
      } catch (failure) {
        if (retry >= this.#config.maxRetries) throw failure;
        await sleep(retryDelayMs(retry++));
        continue;
      }
      if (answer.status >= 200 && answer.status < 300) return successBody(answer);
      const error = errorFromResponse(answer.status, answer.headers, readJson(answer.text));
      // The Errors page's step for an expired token: a new one, then the request once more.
      if (error.code === 'token_expired' && token && !tokenRenewed) {
        this.#tokens.discard(token);
        tokenRenewed = true;
        continue;
      }
      const delay =
        isRetryable(error) && retry < this.#config.maxRetries
          ? retryDelayMs(retry, answer.headers['retry-after'])
          : null;
      if (delay === null) throw error;
      await sleep(delay);
      retry++;
    }
  }

  #url(operation, pathValues, query) {
    let index = 0;
    const path = operation.path.replace(/\{[^}]+\}/g, () =>
      encodeURIComponent(pathValues[index++]),
    );
    const url = new URL(`${this.#config.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    return url;
  }

  #headers(token, key, body) {
    const headers = { Accept: 'application/json', 'Kestrel-Version': this.#config.apiVersion };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (key) headers['Idempotency-Key'] = key;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return headers;
  }

  /** One attempt within the timeout, the body read included; throws when no answer came. */
  async #attempt(method, url, headers, body) {
    const { timeout } = this.#config;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeout);
    try {
      const response = await fetch(url, { method, headers, body, signal: abort.signal });
      const text = await response.text();
      return { status: response.status, headers: Object.fromEntries(response.headers), text };
    } catch (cause) {
      const message = abort.signal.aborted
        ? `Kestrel Pay did not answer within ${timeout} ms.`
        : `Could not reach Kestrel Pay: ${reasonOf(cause)}`;
      throw new KestrelError({ message, cause });
    } finally {
      clearTimeout(timer);
    }
  }
}

// fetch says only "fetch failed": the reason, such as ECONNREFUSED, is in its cause.
const reasonOf = (failure) =>
  failure?.cause?.code ?? failure?.cause?.message ?? failure?.message ?? String(failure);

/** The JSON value of a body, or undefined when it is not JSON (a proxy's error page). */
function readJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function successBody({ status, headers, text }) {
  if (!text) return null;
  const body = readJson(text);
  if (body === undefined) {
    throw new KestrelError({
      message: `Kestrel Pay answered HTTP ${status} with a body that is not JSON.`,
      status,
      headers,
      requestId: headers['kestrel-request-id'] ?? null,
    });
  }
  return body;
}
