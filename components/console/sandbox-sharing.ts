// Where the current sandbox lives besides memory: this tab's session storage (a reload keeps it),
// the device's local storage when the reader chose to keep it, and the other open tabs of the
// site, told over a BroadcastChannel. Never a URL.
import {
  readKept,
  readMessage,
  type KeptSandbox,
  type SandboxMessage,
} from '@/lib/console/kept-sandbox';

/** The current sandbox as the tabs share it, and whether it is kept on this device. */
export type Shared = { sandbox?: KeptSandbox; kept: boolean };

/** Session storage: this tab's sandbox, kept across reloads until the browser session ends. */
const TAB_KEY = 'kestrel-pay:sandbox';
/** Local storage, present only while the reader keeps the sandbox on this device. */
const DEVICE_KEY = 'kestrel-pay:sandbox-kept';
const CHANNEL_NAME = 'kestrel-pay:sandbox';

/** A storage area, or undefined where the browser blocks it: memory then carries on alone. */
function area(name: 'sessionStorage' | 'localStorage'): Storage | undefined {
  try {
    return window[name];
  } catch {
    return undefined;
  }
}

/** The sandbox this tab kept across a reload, else the one kept on the device. */
export function storedSandbox(now: number): Shared {
  const device = area('localStorage')?.getItem(DEVICE_KEY) ?? null;
  const tab = readKept(area('sessionStorage')?.getItem(TAB_KEY) ?? null, now);
  return { sandbox: tab ?? readKept(device, now), kept: device !== null };
}

/** Writes the sandbox for this tab, and to the device only while it is kept there. */
export function storeSandbox({ sandbox, kept }: Shared) {
  const text = JSON.stringify(sandbox ?? null);
  try {
    area('sessionStorage')?.setItem(TAB_KEY, text);
    if (kept) area('localStorage')?.setItem(DEVICE_KEY, text);
    else area('localStorage')?.removeItem(DEVICE_KEY);
  } catch {
    // A full or blocked storage: the sandbox still works in this tab's memory.
  }
}

/**
 * Joins the site's other tabs: answers a newcomer with `current()`, hands every sandbox another
 * tab makes current to `receive`, and asks once for the current one. Returns how to tell them.
 */
export function joinTabs(
  current: () => Shared,
  receive: (shared: Shared) => void,
): (shared: Shared) => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL_NAME);
  const post = (message: SandboxMessage) => channel.postMessage(message);
  const tell = ({ sandbox, kept }: Shared) =>
    post({ kind: 'current', sandbox: sandbox ?? null, kept });
  channel.onmessage = (event: MessageEvent) => {
    const message = readMessage(event.data);
    if (message?.kind === 'hello' && current().sandbox) tell(current());
    if (message?.kind === 'current') {
      const sandbox = message.sandbox ?? undefined;
      receive({
        sandbox: sandbox && sandbox.expiresAt > Date.now() ? sandbox : undefined,
        kept: message.kept,
      });
    }
  };
  post({ kind: 'hello' });
  return tell;
}
