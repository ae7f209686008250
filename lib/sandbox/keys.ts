/**
 * The sandbox key pair shown in the documentation. Public by design: anyone may exchange it
 * for a token, and every token opens its own empty sandbox.
 */
export const SANDBOX_KEY_PAIR = {
  publicKey: 'pk_test_KestrelDocsSandbox',
  privateKey: 'sk_test_KestrelDocsSandboxPrivate',
} as const;
