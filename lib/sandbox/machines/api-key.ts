import { freshId } from '../ids';
import type { Machine } from './types';

/**
 * API key pair: made in this sandbox's environment, pinned to the version asked for or the
 * current one; its private key is shown in the answer to its creation only.
 */
export const apiKeyMachine: Machine = {
  kind: 'api_key',
  async create(key, context) {
    const privateKey = freshId('sk_test_');
    Object.assign(key, {
      environment: 'sandbox',
      public_key: freshId('pk_test_'),
      private_key: null,
      api_version: context.body.api_version ?? context.model.versions.current,
    });
    return { object: key, events: [], answer: { ...key, private_key: privateKey } };
  },
};
