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
}

const timers = new WeakMap<HTMLElement, number>();

/** A click on a code frame's Copy button: copy its visible code, say "Copied!" for a second. */
export function onCopyClick(target: Element): boolean {
  const button = target.closest<HTMLElement>('[data-slot="copy-button"]');
  if (!button) return false;
  navigator.clipboard.writeText(visibleCode(button)).then(
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
  return true;
}
