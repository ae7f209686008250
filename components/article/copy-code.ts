import { COPY_CONFIRMATION_MS } from '@/lib/site';

/** Text of the visible code block in the same frame as `button`. */
function visibleCode(button: HTMLElement): string {
  const frame = button.closest('[data-copy-scope]');
  const blocks = Array.from(frame?.querySelectorAll('pre') ?? []);
  const visible = blocks.find((block) => !block.closest('[hidden]')) ?? blocks[0];
  return visible?.textContent ?? '';
}

const labels = { idle: 'Copy', copied: 'Copied!', failed: 'Copy failed' } as const;

function show(button: HTMLElement, status: keyof typeof labels) {
  button.dataset.status = status;
  const label = button.querySelector('[aria-live]');
  if (label) label.textContent = labels[status];
  // A value's button has no visible label: its name says what happened.
  else if (button.dataset.copy !== undefined) {
    const value = button.dataset.copy;
    button.setAttribute(
      'aria-label',
      status === 'idle' ? `Copy ${value}` : `${labels[status]} ${value}`,
    );
  }
}

const timers = new WeakMap<HTMLElement, number>();

/** Copies `text`, then shows on `button` that it did (or that it could not) for a second. */
function copyAndConfirm(button: HTMLElement, text: string) {
  navigator.clipboard.writeText(text).then(
    () => {
      show(button, 'copied');
      window.clearTimeout(timers.get(button));
      timers.set(
        button,
        window.setTimeout(() => show(button, 'idle'), COPY_CONFIRMATION_MS),
      );
    },
    () => show(button, 'failed'),
  );
}

/**
 * A click on a Copy button: a code frame's copies its visible code, a value's (a test card, a
 * trigger amount) copies that value.
 */
export function onCopyClick(target: Element): boolean {
  const frameButton = target.closest<HTMLElement>('[data-slot="copy-button"]');
  if (frameButton) {
    copyAndConfirm(frameButton, visibleCode(frameButton));
    return true;
  }
  const valueButton = target.closest<HTMLElement>('[data-copy]');
  if (!valueButton) return false;
  copyAndConfirm(valueButton, valueButton.dataset.copy ?? '');
  return true;
}
