import { h } from 'hastscript';

/** The Copy button of a code frame; the article's script copies the visible code (SPEC 2.3). */
export function copyButton() {
  return h('button', { type: 'button', dataSlot: 'copy-button', dataStatus: 'idle' }, [
    h('span', { ariaLive: 'polite' }, 'Copy'),
  ]);
}
