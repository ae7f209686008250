// The inline scripts of the site's layout, in one list: the layout and the shell render them, and
// the build allows them by their hashes in every page's policy, prerendered or not.
import { searchShortcutScript } from './search-shortcut';
import { sidebarScript } from './sidebar';
import { themeScript } from './theme';

export { searchShortcutScript, sidebarScript, themeScript };

/** Every inline script the layout renders: a new one goes here, or pages rendered per request block it. */
export const LAYOUT_SCRIPTS = [themeScript, searchShortcutScript, sidebarScript];
