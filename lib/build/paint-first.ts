// The build's prerendered pages paint before their scripts load (server/paint-first.mjs).
import path from 'node:path';
import { paintFirst } from '@/server/paint-first.mjs';
import { filesEndingWith, rewriteEach } from './rewrite-files';

/** Rewrites every prerendered page of a build; returns how many changed. */
export async function paintFirstPages(distDir: string): Promise<number> {
  return rewriteEach(await filesEndingWith(path.join(distDir, 'server/app'), '.html'), paintFirst);
}
