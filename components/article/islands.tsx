'use client';

// Interactive pieces inside the static article HTML. An "island" is an element the HTML marks
// with `data-island="<name>"` (the webhook workbench, a flow runner): its code loads when it
// comes near the screen or the reader reaches for it, and renders into that element. A
// "launcher" is a button marked `data-launch="<name>"` (Try it, Run in sandbox): a click loads
// its code and opens it over the page. Their other `data-*` attributes are their props.
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { createPortal } from 'react-dom';

/** What every island and launcher receives: its element's data attributes, and a way to close. */
export type IslandProps = { props: Record<string, string>; onClose?: () => void };
type IslandModule = { default: ComponentType<IslandProps> };

/** The code of each island and launcher, loaded on intent. */
const loaders: Record<string, () => Promise<IslandModule>> = {
  'try-it': () => import('@/components/console/try-it'),
  'webhook-workbench': () => import('@/components/console/webhook-workbench'),
  'sandbox-flow': () => import('@/components/console/sandbox-flow'),
};

const components: Record<
  string,
  LazyExoticComponent<ComponentType<IslandProps>>
> = Object.fromEntries(Object.entries(loaders).map(([name, load]) => [name, lazy(load)]));

/** Whether the site has code for an island or launcher of this name. */
export const hasIsland = (name: string | undefined): name is string =>
  Boolean(name && name in loaders);

/** An element's `data-*` attributes other than the island's name, as props. */
export function propsOf(element: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    Object.entries(element.dataset).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && !['island', 'launch', 'mounted'].includes(entry[0]),
    ),
  );
}

/** Renders an island's component once it is wanted. */
export function Island({ name, props, onClose }: { name: string } & IslandProps) {
  const Component = components[name]!;
  return (
    <Suspense fallback={<p data-slot="island-loading">Loading…</p>}>
      <Component props={props} onClose={onClose} />
    </Suspense>
  );
}

/**
 * An island rendered in its placeholder's place: the placeholder holds the place until the island
 * has something to show (nothing while its code loads), then goes before that is painted.
 */
function InPlace({ name, props }: { name: string; props: Record<string, string> }) {
  const Component = components[name]!;
  const live = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = live.current!;
    const replace = () => {
      if (!element.childElementCount) return false;
      element.parentElement?.querySelector(':scope > [data-slot="island-fallback"]')?.remove();
      return true;
    };
    if (replace()) return;
    const observer = new MutationObserver(() => replace() && observer.disconnect());
    observer.observe(element, { childList: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={live} data-slot="island-live">
      <Suspense fallback={null}>
        <Component props={props} />
      </Suspense>
    </div>
  );
}

/** Starts loading an island's code, e.g. when the pointer comes near its launcher. */
export function warmIsland(name: string) {
  if (hasIsland(name)) void loaders[name]!();
}

/** The islands of an article's HTML, each rendered into its element once it nears the screen. */
export function useIslands(body: React.RefObject<HTMLElement | null>, html: string) {
  // The islands wanted so far, for the HTML they were found in: new HTML starts with none.
  const [found, setFound] = useState<{ html: string; elements: HTMLElement[] }>({
    html,
    elements: [],
  });

  useEffect(() => {
    const root = body.current;
    if (!root) return;
    const elements = Array.from(root.querySelectorAll<HTMLElement>('[data-island]')).filter(
      (element) => hasIsland(element.dataset.island),
    );
    if (!elements.length) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const near = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target);
        if (!near.length) return;
        near.forEach((element) => {
          observer.unobserve(element);
          (element as HTMLElement).dataset.mounted = '';
        });
        setFound((current) => ({
          html,
          elements: [
            ...(current.html === html ? current.elements : []),
            ...(near as HTMLElement[]),
          ],
        }));
      },
      { rootMargin: '400px' },
    );
    elements.forEach((element) => observer.observe(element));
    return () => observer.disconnect();
  }, [body, html]);

  return useMemo(
    () =>
      (found.html === html ? found.elements : []).map((element, index) =>
        createPortal(
          <InPlace name={element.dataset.island!} props={propsOf(element)} />,
          element,
          `${element.dataset.island}-${index}`,
        ),
      ),
    [found, html],
  );
}
