/** A request the sandbox refuses, with a catalogue code and the parameter at fault. */
export class SandboxError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
    /** An HTTP status the catalogue has no code for, such as 413, answered with this code's envelope. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export type ErrorCatalogue = Map<string, { status: number; type: string }>;

/** The HTTP status and the API's error envelope for a refused request. */
export function errorResponse(error: SandboxError, catalogue: ErrorCatalogue, requestId: string) {
  const entry = catalogue.get(error.code);
  if (!entry) {
    throw new Error(
      `The sandbox answered with the error code "${error.code}", which components.schemas.ErrorCode in openapi/openapi.yaml lacks. Add it to the catalogue.`,
    );
  }
  return {
    status: error.status ?? entry.status,
    body: {
      error: {
        type: entry.type,
        code: error.code,
        message: error.message,
        param: error.param,
        request_id: requestId,
      },
    },
  };
}
