import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** `pid` and every process below it, read from /proc. */
function processTree(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // The process ended while we looked.
    }
    // Fields after "(command)": state, then the parent's id.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [pid];
  for (let index = 0; index < tree.length; index += 1)
    tree.push(...(children.get(tree[index]) ?? []));
  return tree;
}

/** Inode of the IPv4 socket listening on `port`, from /proc/net/tcp. */
function listeningSocketInode(port) {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // fields: slot, local address:port, remote address:port, state (0A: listening), …, inode.
    if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A') return fields[9];
  }
  throw new Error(`Nothing listens on port ${port}`);
}

/** What a /proc link points at, or null if it went away (a descriptor closed meanwhile). */
function linkTarget(link) {
  try {
    return readlinkSync(link);
  } catch {
    return null;
  }
}

/**
 * The process that actually serves the site: the one, among `rootPid` (the server started) and
 * its children, holding the socket that listens on `port`.
 */
export function serverProcess(rootPid, port) {
  const socket = `socket:[${listeningSocketInode(port)}]`;
  for (const pid of processTree(rootPid)) {
    const fds = readdirSync(`/proc/${pid}/fd`);
    if (fds.some((fd) => linkTarget(`/proc/${pid}/fd/${fd}`) === socket)) return pid;
  }
  throw new Error(`No process below ${rootPid} holds the socket listening on port ${port}`);
}

/** Resident memory of a process in bytes (VmRSS in /proc/<pid>/status). */
export function residentBytes(pid) {
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (!kib) throw new Error(`/proc/${pid}/status has no VmRSS: has the server stopped?`);
  return Number(kib) * 1024;
}
