/**
 * What the page's shortcut script (search-shortcut.ts) sends the search button: warm the dialog's
 * code (Ctrl or ⌘ pressed), or open the dialog, with a taker of the keys typed since the shortcut.
 */
export type SearchShortcut = 'warm' | (() => string);

/** Event the page's shortcut script sends the search button on. */
export const SEARCH_SHORTCUT_EVENT = 'search-shortcut';

/** Event the search button sends once it listens, for a shortcut pressed before it did. */
export const SEARCH_SHORTCUT_READY_EVENT = 'search-shortcut-ready';
