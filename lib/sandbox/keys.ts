/**
 * The sandbox key pair shown in the documentation, with every role. Public by design: anyone may
 * exchange it for a token, and every token opens its own empty sandbox. Its `id` is the `key_`
 * ID the audit events of its tokens' requests name.
 */
export const SANDBOX_KEY_PAIR = {
  id: 'key_KestrelDocsSandbox',
  publicKey: 'pk_test_KestrelDocsSandbox',
  privateKey: 'sk_test_KestrelDocsSandboxPrivate',
} as const;

/**
 * The restricted sandbox key pairs shown beside it, one per role a key pair can have: each one's
 * tokens have that role alone, so a `403` `insufficient_permissions` can be rehearsed.
 */
export const RESTRICTED_KEY_PAIRS = [
  {
    role: 'developer',
    id: 'key_KestrelDocsDeveloper',
    publicKey: 'pk_test_KestrelDocsDeveloper',
    privateKey: 'sk_test_KestrelDocsDeveloperPrivate',
  },
  {
    role: 'finance',
    id: 'key_KestrelDocsFinance',
    publicKey: 'pk_test_KestrelDocsFinance',
    privateKey: 'sk_test_KestrelDocsFinancePrivate',
  },
  {
    role: 'agent',
    id: 'key_KestrelDocsAgent',
    publicKey: 'pk_test_KestrelDocsAgent',
    privateKey: 'sk_test_KestrelDocsAgentPrivate',
  },
  {
    role: 'viewer',
    id: 'key_KestrelDocsViewer',
    publicKey: 'pk_test_KestrelDocsViewer',
    privateKey: 'sk_test_KestrelDocsViewerPrivate',
  },
] as const;
