/** Runs once as the server starts: the embedded search index is built before the first search. */
export async function register() {
  // Only the Node.js server answers searches, and a build has nothing to search yet.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build')
    return;
  const [{ serverConfig }, { prepareEmbeddedSearch }] = await Promise.all([
    import('./lib/config/server'),
    import('./lib/search/embedded-engine'),
  ]);
  if (serverConfig().search.kind === 'embedded') prepareEmbeddedSearch();
}
