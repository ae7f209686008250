/**
 * Runs once as the server starts: the embedded search index is built before the first search, and
 * published for the production server to answer directly.
 */
export async function register() {
  // Only the Node.js server answers searches, and a build has nothing to search yet.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build')
    return;
  const [{ serverConfig }, { prepareEmbeddedSearch }, { publishDirectSearch }] = await Promise.all([
    import('./lib/config/server'),
    import('./lib/search/embedded-engine'),
    import('./lib/search/direct-service'),
  ]);
  if (serverConfig().search.kind !== 'embedded') return;
  prepareEmbeddedSearch();
  publishDirectSearch();
}
