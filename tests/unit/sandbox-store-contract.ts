// The contract every sandbox store passes, whichever holds the state (in memory or Redis): its
// limits, the state it keeps and how it runs a sandbox's tasks, each in a module beside this one;
// and the contract every rate limiter passes.
import { describe } from 'vitest';
import type { StoreFactory } from './sandbox-store-fixtures';
import { storeLimitsContract } from './sandbox-store-limits-contract';
import { storeStateContract } from './sandbox-store-state-contract';
import { storeTasksContract } from './sandbox-store-tasks-contract';

export type { StoreFactory } from './sandbox-store-fixtures';
export { limiterContract } from './rate-limiter-contract';

/** What every sandbox store does, whichever holds the state: run against each store. */
export function storeContract(name: string, newStore: StoreFactory) {
  describe(`${name}, as every sandbox store`, () => {
    storeLimitsContract(newStore);
    storeStateContract(newStore);
    storeTasksContract(newStore);
  });
}
