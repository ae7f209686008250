// One exception per documented error `type`, each carrying the error envelope's fields.

export class KestrelError extends Error {
  /**
   * @param {{ message: string, type?: string | null, code?: string | null, param?: string | null,
   *   requestId?: string | null, status?: number | null, headers?: Record<string, string>,
   *   cause?: unknown }} fields
   */
  constructor({
    message,
    type = null,
    code = null,
    param = null,
    requestId = null,
    status = null,
    headers = {},
    cause,
  }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = new.target.name;
    this.type = type;
    this.code = code;
    this.param = param;
    this.requestId = requestId;
    this.status = status;
    this.headers = headers;
  }
}

export class InvalidRequestError extends KestrelError {}
export class AuthenticationError extends KestrelError {}
export class PermissionError extends KestrelError {}
export class NotFoundError extends KestrelError {}
export class ConflictError extends KestrelError {}
export class RateLimitError extends KestrelError {}
export class ApiError extends KestrelError {}

const ERROR_CLASSES = {
  invalid_request_error: InvalidRequestError,
  authentication_error: AuthenticationError,
  permission_error: PermissionError,
  not_found_error: NotFoundError,
  conflict_error: ConflictError,
  rate_limit_error: RateLimitError,
  api_error: ApiError,
};

// The type the Errors page gives each status, for an answer without an envelope (a proxy's page).
function typeOfStatus(status) {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 409) return 'conflict_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

/** The typed error for a failed answer: its envelope when it has one, its status otherwise. */
export function errorFromResponse(status, headers, body) {
  const envelope =
    body && typeof body === 'object' && body.error && typeof body.error === 'object'
      ? body.error
      : {};
  const type = typeof envelope.type === 'string' ? envelope.type : typeOfStatus(status);
  const ErrorClass = ERROR_CLASSES[type] ?? KestrelError;
  return new ErrorClass({
    message:
      typeof envelope.message === 'string'
        ? envelope.message
        : `Kestrel Pay answered HTTP ${status}.`,
    type,
    code: typeof envelope.code === 'string' ? envelope.code : null,
    param: typeof envelope.param === 'string' ? envelope.param : null,
    requestId:
      typeof envelope.request_id === 'string'
        ? envelope.request_id
        : (headers['kestrel-request-id'] ?? null),
    status,
    headers,
  });
}
