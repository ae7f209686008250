import 'server-only';
import { sandboxKeys } from './redis-keys';

// An atomic section's writes are undone from a copy taken inside Redis before its first write.
// The outermost section's copy (depth 0) also carries a marker naming its lease: whoever takes
// the sandbox's lease next and finds a marker rolls the copy back, so a section whose instance
// died between two writes leaves nothing behind. Each script checks the lease is still the
// caller's: an instance that stalled past its lease can neither write nor undo another's writes.

/** Refusal of a script run by an instance whose lease lapsed; the store reports it as unavailable. */
export const LEASE_LOST_PREFIX = 'LEASE_LOST ';

/** KEYS[1] the lease; ARGV[1] its holder's token, or '' for a write made without a lease. */
export const LUA_REQUIRE_LEASE = `local function requireLease(lock, token)
  if token ~= '' and redis.call('GET', lock) ~= token then
    error({ err = '${LEASE_LOST_PREFIX}Another instance holds this sandbox now.' })
  end
end`;

/** Puts `copies` back over `data` (a key with no copy had not existed) and deletes the copies. */
export const LUA_ROLL_BACK = `local function rollBack(data, copies)
  for i = 1, #data do
    redis.call('DEL', data[i])
    if redis.call('EXISTS', copies[i]) == 1 then redis.call('RENAME', copies[i], data[i]) end
  end
end`;

/** KEYS: lock, marker, data × 8, copies × 8. ARGV: token, depth. Copies keep their keys' TTLs. */
const BEGIN = `${LUA_REQUIRE_LEASE}
requireLease(KEYS[1], ARGV[1])
for i = 3, 10 do
  redis.call('DEL', KEYS[i + 8])
  redis.call('COPY', KEYS[i], KEYS[i + 8])
end
if ARGV[2] == '0' then
  local ttl = redis.call('PTTL', KEYS[3])
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ttl > 0 and ttl or 60000)
end
return 1`;

/** KEYS and ARGV as BEGIN. Keeps the section's writes: drops the copy and the marker. */
const COMMIT = `${LUA_REQUIRE_LEASE}
requireLease(KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2], unpack(KEYS, 11, 18))
return 1`;

/** KEYS and ARGV as BEGIN. Undoes the section's writes. */
const ROLLBACK = `${LUA_REQUIRE_LEASE}
${LUA_ROLL_BACK}
requireLease(KEYS[1], ARGV[1])
rollBack({ unpack(KEYS, 3, 10) }, { unpack(KEYS, 11, 18) })
redis.call('DEL', KEYS[2])
return 1`;

type RunScript = (script: string, keys: string[], args: (string | number)[]) => Promise<unknown>;

/** One atomic section of one sandbox, under a lease: its copy is taken before its first write. */
export class Journal {
  private begun: Promise<unknown> | undefined;

  constructor(
    private readonly runScript: RunScript,
    readonly sandboxId: string,
    private readonly depth: number,
    private readonly leaseToken: string,
  ) {}

  private call(script: string) {
    const { lock, data, journal } = sandboxKeys(this.sandboxId);
    const { marker, copies } = journal(this.depth);
    return this.runScript(
      script,
      [lock, marker, ...data, ...copies],
      [this.leaseToken, this.depth],
    );
  }

  /** Takes the copy, once, before the section's first write. */
  async begin(): Promise<void> {
    this.begun ??= this.call(BEGIN);
    await this.begun;
  }

  /** Keeps what the section wrote. */
  async commit(): Promise<void> {
    if (this.begun) await this.call(COMMIT);
  }

  /** Undoes what the section wrote. */
  async rollBack(): Promise<void> {
    if (this.begun) await this.call(ROLLBACK);
  }
}
