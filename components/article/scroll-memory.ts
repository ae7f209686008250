// Where the reader was in each page they left, put back when Back or Forward returns to it. The
// browser restores a pixel offset, but a page's article is new markup each time it is shown,
// whose blocks off screen hold estimated heights (content-visibility) until they are drawn: the
// same offset then shows other text. So the place is kept as the article block at the top of the
// window and how far above the window's top it starts, and restored the same way; after the
// browser has restored its own offset, or once an article that arrives late is in.

/** Where a reader was: the article's block at the window's top, or a plain offset outside it. */
export type Place = { scrollY: number; block: number | null; blockTop: number };

/** Addresses remembered; the oldest is forgotten first. */
const MAX_ADDRESSES = 100;
const leftAt = new Map<string, Place>();
/** The address of the history entry on screen. */
let shown: string | null = null;
let pending: { address: string; place: Place } | null = null;

const currentAddress = () =>
  window.location.pathname + window.location.search + window.location.hash;

/** Keeps the shown address in step with section entries (a section link, a typed hash). */
export function followAddress(): () => void {
  shown = currentAddress();
  const onHashChange = () => (shown = currentAddress());
  window.addEventListener('hashchange', onHashChange);
  return () => window.removeEventListener('hashchange', onHashChange);
}

/** The index of the first of `blocks` that reaches below the window's top (binary search). */
function blockAtTop(blocks: HTMLCollection): number {
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (blocks[middle]!.getBoundingClientRect().bottom > 0) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Where the reader is in `body`, an article's body still on screen. */
export function placeIn(body: Element): Place {
  const index = blockAtTop(body.children);
  const block = body.children[index];
  return block
    ? { scrollY: window.scrollY, block: index, blockTop: block.getBoundingClientRect().top }
    : { scrollY: window.scrollY, block: null, blockTop: 0 };
}

/** Keeps `place` as where the reader left the address on screen; called as its page goes. */
export function rememberPlace(place: Place) {
  if (shown === null) return;
  leftAt.delete(shown);
  leftAt.set(shown, place);
  for (const oldest of leftAt.keys()) {
    if (leftAt.size <= MAX_ADDRESSES) break;
    leftAt.delete(oldest);
  }
}

/** Frames over which a restored place is held while the blocks around it are drawn. */
const SETTLE_FRAMES = 12;
/** What the reader does that ends the hold: their own scroll wins. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Puts the reader back at `place` in `body`. Blocks drawn for the first time near the window
 * take their true heights a frame later, and the browser's scroll anchoring follows them only
 * roughly, so the place is held for a few frames, or until the reader moves.
 */
export function restorePlace(body: Element, place: Place) {
  const block = place.block === null ? undefined : body.children[place.block];
  if (!block) {
    window.scrollTo({ top: place.scrollY, behavior: 'instant' });
    return;
  }
  let frames = 0;
  const stop = () => (frames = SETTLE_FRAMES);
  READER_INPUT.forEach((type) => window.addEventListener(type, stop, { passive: true }));
  const hold = () => {
    if (frames >= SETTLE_FRAMES || !block.isConnected) {
      READER_INPUT.forEach((type) => window.removeEventListener(type, stop));
      return;
    }
    frames += 1;
    const off = block.getBoundingClientRect().top - place.blockTop;
    if (Math.abs(off) >= 1) window.scrollBy({ top: off, behavior: 'instant' });
    requestAnimationFrame(hold);
  };
  hold();
}

/**
 * Called as a new page is committed. For Back or Forward, returns where the reader was on the
 * page shown, and keeps it for an article still on its way (takeRestoration).
 */
export function pageChanged(traversal: boolean): Place | null {
  shown = currentAddress();
  const place = traversal ? leftAt.get(shown) : undefined;
  pending = place ? { address: shown, place } : null;
  return place ?? null;
}

/** The place to restore once the article of the page shown has arrived, taken once. */
export function takeRestoration(): Place | null {
  const place = pending?.address === currentAddress() ? pending.place : null;
  pending = null;
  return place;
}
