import { SEARCH_SHORTCUT_EVENT, SEARCH_SHORTCUT_READY_EVENT } from './search-shortcut-events';

const [shortcut, ready] = [SEARCH_SHORTCUT_EVENT, SEARCH_SHORTCUT_READY_EVENT].map((name) =>
  JSON.stringify(name),
);

/** The window property the script sets once it listens, so that it never listens twice. */
export const LISTENING = 'searchShortcutListening';

/**
 * The search shortcut's one listener, inline in every page so it works from the first parse, long
 * before hydration: Ctrl/Cmd+K, or "/" outside a field, tells the search button to open the
 * dialog; until the dialog takes them (the taker sent with it), the keys typed after the shortcut
 * are kept, and kept from the page. A shortcut pressed before the button listens is sent again
 * once it does. Static text, so a content security policy can allow it by its hash.
 */
export const searchShortcutScript = `(function(){if(self.${LISTENING})return;self.${LISTENING}=1;var typed=null;function field(t){return t instanceof HTMLElement&&(t.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))}function take(){var t=typed||'';typed=null;return t}function send(d){dispatchEvent(new CustomEvent(${shortcut},{detail:d}))}addEventListener('keydown',function(e){var k=e.key,f=field(e.target);if(k==='Control'||k==='Meta')return send('warm');if((e.ctrlKey||e.metaKey)&&k.toLowerCase()==='k'||k==='/'&&!f){e.preventDefault();typed=f?null:'';return send(take)}if(typed===null)return;if(f)typed=null;else if(k.length===1&&!e.ctrlKey&&!e.metaKey&&!e.altKey)typed+=k;else if(k==='Backspace')typed=typed.slice(0,-1);else if(k==='Escape')typed=null;else return;if(typed!==null)e.preventDefault()});addEventListener(${ready},function(){setTimeout(function(){if(typed!==null)send(take)})})})()`;
