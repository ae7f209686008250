import 'server-only';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const dates = new Map<string, Promise<string | null>>();

async function readLastCommitDate(file: string): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['log', '-1', '--format=%cI', '--', file]);
    return stdout.trim() || null;
  } catch {
    // No git, no repository (e.g. a source tarball) or no history: the date is simply unknown.
    return null;
  }
}

/** ISO date of the last commit that changed `file` (relative to the project), or null. */
export function lastCommitDate(file: string): Promise<string | null> {
  if (!dates.has(file)) dates.set(file, readLastCommitDate(file));
  return dates.get(file)!;
}
