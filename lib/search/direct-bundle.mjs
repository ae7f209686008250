/** The file, in the build folder, holding the embedded search endpoint for the production server. */
export const DIRECT_SEARCH_BUNDLE = 'direct-search.mjs';
