// The core of the library's types. The resource namespaces (`kestrel.charges` and the others)
// and the API's object types are generated from the API document into types/index.d.ts.

export interface KestrelPayOptions {
  /** The public key of a key pair: `pk_test_…` for the sandbox, `pk_live_…` for production. */
  publicKey: string;
  /** The matching private key of the same pair: `sk_test_…` or `sk_live_…`. */
  privateKey: string;
  /** Which base URL to call. Defaults to `'sandbox'`. */
  environment?: 'sandbox' | 'production';
  /** A base URL to call instead of the environment's, without the `/v1`. */
  baseUrl?: string;
  /** How long one attempt may take, in milliseconds. Defaults to `30000`. */
  timeout?: number;
  /** How many times a failure that is safe to retry is retried. Defaults to `2`. */
  maxRetries?: number;
  /** The `Kestrel-Version` to send. Defaults to the version this release was built for. */
  apiVersion?: string;
}

/** The options of every method that sends a `POST`. */
export interface RequestOptions {
  /** Sent as `Idempotency-Key` and reused on retries; a new UUID v4 when left out. */
  idempotencyKey?: string;
}

/** A page of a list: the list object. */
export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * What a list method returns: `await` it for one page, or iterate it with `for await` for every
 * object across pages, each page fetched as the loop reaches it.
 */
export interface ListRequest<T, Page = ListPage<T>> extends PromiseLike<Page>, AsyncIterable<T> {
  catch<R = never>(
    onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null,
  ): Promise<Page | R>;
  finally(onFinally?: (() => void) | null): Promise<Page>;
}

/** Checks webhook deliveries. */
export interface Webhooks {
  /**
   * The event of a delivery, once its `Kestrel-Signature` header is checked against the raw
   * body and the endpoint secret; throws a {@link KestrelError} when verification fails.
   */
  constructEvent<Event = unknown>(
    rawBody: string | Uint8Array,
    signatureHeader: string | null | undefined,
    secret: string,
  ): Event;
}

/** The Kestrel Pay API client. Create one per process and reuse it. */
export declare class KestrelPay {
  constructor(options: KestrelPayOptions);
  readonly webhooks: Webhooks;
}

/** A failed request, or a webhook that failed verification. */
export declare class KestrelError extends Error {
  constructor(fields: {
    message: string;
    type?: string | null;
    code?: string | null;
    param?: string | null;
    requestId?: string | null;
    status?: number | null;
    headers?: Record<string, string>;
    cause?: unknown;
  });
  /** The error envelope's `type`, such as `'invalid_request_error'`. */
  readonly type: string | null;
  /** The error envelope's `code`, such as `'parameter_missing'`. */
  readonly code: string | null;
  /** The request parameter at fault, or `null`. */
  readonly param: string | null;
  /** The envelope's `request_id`, also the `Kestrel-Request-Id` header. */
  readonly requestId: string | null;
  /** The HTTP status, or `null` when no answer arrived. */
  readonly status: number | null;
  /** The answer's headers, by lower-case name. */
  readonly headers: Record<string, string>;
}
export declare class InvalidRequestError extends KestrelError {}
export declare class AuthenticationError extends KestrelError {}
export declare class PermissionError extends KestrelError {}
export declare class NotFoundError extends KestrelError {}
export declare class ConflictError extends KestrelError {}
export declare class RateLimitError extends KestrelError {}
export declare class ApiError extends KestrelError {}
