import { site } from '@/lib/site';

/**
 * Runs before first paint: applies the remembered or system theme (no flash of the wrong one),
 * marks Apple platforms so shortcut hints can read ⌘K instead of Ctrl K, and holds the sidebar
 * back until its own script has placed it (active-entry.ts).
 */
export const themeScript = `(function(){try{var r=document.documentElement,t=localStorage.getItem(${JSON.stringify(site.storageKeys.theme)}),d=t?t==='dark':matchMedia('(prefers-color-scheme: dark)').matches;r.classList.toggle('dark',d);r.style.colorScheme=d?'dark':'light';r.dataset.sidebar='placing';if(/Mac|iPhone|iPad|iPod/.test(navigator.platform||navigator.userAgent))r.dataset.platform='mac'}catch(e){}})()`;
