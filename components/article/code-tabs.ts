// The code groups of an article: tabs chosen by click or arrow keys, and the reader's remembered
// language and server applied to every sample on every page.
import {
  sampleEdits,
  serverOf,
  SERVERS,
  type SampleEdit,
  type ServerId,
} from '@/lib/openapi/samples/servers';
import { preferredTab, storePreference } from './code-preference';
import { serverSnapshot, storeServer, subscribeToServer } from './server-preference';

const GROUP = '[data-slot="code-group"]';

function tabsOf(group: Element): HTMLButtonElement[] {
  return Array.from(group.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
}

/** The preference a tab stands for: its title, and its language for groups without that title. */
function preferenceOf(tab: HTMLButtonElement) {
  return { title: tab.textContent ?? '', language: tab.dataset.language };
}

/** Shows one tab of a group and hides the other panels. */
function selectTab(group: Element, selected: number) {
  tabsOf(group).forEach((tab, index) => {
    const isSelected = index === selected;
    tab.setAttribute('aria-selected', String(isSelected));
    tab.tabIndex = isSelected ? 0 : -1;
    const panel = tab.getAttribute('aria-controls');
    if (panel) document.getElementById(panel)?.toggleAttribute('hidden', !isSelected);
  });
}

/** Opens every group under `root` on the remembered language (or its first tab). */
export function applyPreference(root: Element, snapshot: string | null) {
  for (const group of root.querySelectorAll(GROUP)) {
    const tabs = tabsOf(group).map(preferenceOf);
    selectTab(group, preferredTab(snapshot, tabs));
  }
}

/** A click on a tab: remember its language; every group follows through the preference. */
export function onTabClick(target: Element): boolean {
  const tab = target.closest<HTMLButtonElement>(`${GROUP} [role="tab"]`);
  if (!tab) return false;
  storePreference(preferenceOf(tab));
  return true;
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/** Arrow keys, Home and End move between a group's tabs, as the ARIA tabs pattern asks. */
export function onTabKey(event: KeyboardEvent | React.KeyboardEvent): boolean {
  const target = event.target as Element;
  const tab = target.closest<HTMLButtonElement>(`${GROUP} [role="tab"]`);
  const move = MOVES[event.key];
  if (!tab || !move) return false;
  const tabs = tabsOf(tab.closest(GROUP)!);
  const next = tabs[move(tabs.indexOf(tab), tabs.length)]!;
  event.preventDefault();
  storePreference(preferenceOf(next));
  next.focus();
  return true;
}

const SERVER_CHOICE = '[data-slot="server-choice"] select';
/** What a frame shows of its Server menu until the menu is made (lib/mdx/html/server-choice.ts). */
const SERVER_CHOICE_SHOWN = '[data-slot="server-choice-shown"]';
const FRAME = '[data-slot="code-group"], [data-slot="code-block"]';
/** How far from the screen a frame's menu is made: before it scrolls in, never seen unmade. */
const MENU_MARGIN = '50% 0px';
// Samples that always show one server, whatever the reader chose (the terminal box).
const FIXED_SERVER = '[data-server]';

/**
 * Makes the edits in a highlighted sample's text nodes, which split it into tokens: an edit goes
 * into the node it starts in, taking the rest of its span from the nodes after.
 */
function editTexts(code: Element, edits: SampleEdit[]) {
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  const nodes: { text: Text; start: number }[] = [];
  let offset = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ text: node as Text, start: offset });
    offset += (node as Text).data.length;
  }
  for (const edit of [...edits].reverse()) {
    for (const { text, start } of nodes) {
      const end = start + text.data.length;
      if (end <= edit.start || start >= edit.end) continue;
      const from = Math.max(edit.start, start) - start;
      const to = Math.min(edit.end, end) - start;
      const inserted = start <= edit.start ? edit.text : '';
      text.data = text.data.slice(0, from) + inserted + text.data.slice(to);
    }
  }
}

/** Writes every sample under `root` for the chosen server, as reached from this page's origin. */
function applyServer(root: Element, id: ServerId) {
  const origin = window.location.origin;
  for (const code of root.querySelectorAll('pre code')) {
    const server = serverOf(code.closest<HTMLElement>(FIXED_SERVER)?.dataset.server ?? id);
    const edits = sampleEdits(code.textContent ?? '', server, origin);
    if (edits.length > 0) editTexts(code, edits);
  }
  for (const select of root.querySelectorAll<HTMLSelectElement>(SERVER_CHOICE)) select.value = id;
}

/** Puts a frame's Server menu, on the reader's server, where the page showed its look. */
function makeServerMenu(shown: Element) {
  const select = document.createElement('select');
  select.className = shown.className.replace(/\binline-block\b/, '').trim();
  for (const server of SERVERS) select.add(new Option(server.title, server.id));
  select.value = serverSnapshot();
  const name = document.createElement('span');
  name.className = 'sr-only';
  name.textContent = 'Server';
  shown.replaceWith(name, select);
}

/** Makes each frame's Server menu as it nears the screen, or at once when focus reaches it. */
function makeServerMenus(root: Element) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        if (entry.target.isConnected) makeServerMenu(entry.target);
      }
    },
    { rootMargin: MENU_MARGIN },
  );
  root.querySelectorAll(SERVER_CHOICE_SHOWN).forEach((shown) => observer.observe(shown));
  const onFocus = (event: Event) => {
    const shown = (event.target as Element).closest(FRAME)?.querySelector(SERVER_CHOICE_SHOWN);
    if (!shown) return;
    observer.unobserve(shown);
    makeServerMenu(shown);
  };
  root.addEventListener('focusin', onFocus);
  return () => {
    observer.disconnect();
    root.removeEventListener('focusin', onFocus);
  };
}

/**
 * Writes the samples under `root` for the reader's server now and whenever it changes, here or
 * in another tab; a pick in a sample's Server menu changes it. Returns the way to stop.
 */
export function followServer(root: Element) {
  const apply = () => applyServer(root, serverSnapshot());
  // A native listener: React's onChange on the body would not see a select inside its HTML.
  const onChange = (event: Event) => {
    const target = event.target as Element;
    if (target.matches(SERVER_CHOICE))
      storeServer(serverOf((target as HTMLSelectElement).value).id);
  };
  apply();
  const stopMenus = makeServerMenus(root);
  root.addEventListener('change', onChange);
  const unsubscribe = subscribeToServer(apply);
  return () => {
    stopMenus();
    root.removeEventListener('change', onChange);
    unsubscribe();
  };
}
