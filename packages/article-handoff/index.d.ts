/** The most the kept articles may hold together, in bytes. */
export const MAX_BYTES: number;
/** Keeps an article's HTML for the server render of this page; returns its key. */
export function handOver(html: string): string;
/** The article handed over under `key`, or undefined (always, in a browser). */
export function takeOver(key: string): string | undefined;
/** What the kept articles hold: how many, and their bytes. */
export function held(): { articles: number; bytes: number };
