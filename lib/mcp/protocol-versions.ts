// The protocol versions this server negotiates: every one the SDK speaks but 2025-03-26, the only
// revision with JSON-RPC batches (2025-06-18 removed them). Without it one rule holds for every
// version: a POST carries one message, which counts once against the client's rate.
import {
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';

const BATCHING_VERSION = '2025-03-26';

export const OFFERED_PROTOCOL_VERSIONS = SUPPORTED_PROTOCOL_VERSIONS.filter(
  (version) => version !== BATCHING_VERSION,
);

/** True for a version this server speaks, or for none named (clients of 2024-11-05 name none). */
export function isOfferedVersion(version: string | null): boolean {
  return version === null || OFFERED_PROTOCOL_VERSIONS.includes(version);
}

type Message = { method?: unknown; params?: { protocolVersion?: unknown } };

/**
 * The message as the SDK should negotiate it: an `initialize` asking for a version this server
 * does not offer asks for the latest instead, the answer the protocol gives any version a server
 * does not speak. Any other message is unchanged.
 */
export function withOfferedVersion(message: unknown): unknown {
  const { method, params } = (message ?? {}) as Message;
  if (method !== 'initialize' || typeof params?.protocolVersion !== 'string') return message;
  if (OFFERED_PROTOCOL_VERSIONS.includes(params.protocolVersion)) return message;
  return {
    ...(message as object),
    params: { ...params, protocolVersion: LATEST_PROTOCOL_VERSION },
  };
}
