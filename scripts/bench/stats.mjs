/** The middle value of `values` (the mean of the two middle ones when there is an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The smallest value that `p` per cent of `values` do not exceed (nearest rank). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `measure` `times` times, one after another, and returns every run's figures. */
export async function repeat(times, measure) {
  const runs = [];
  for (let run = 0; run < times; run += 1) runs.push(await measure());
  return runs;
}

/** The median of each figure over runs that all report the same figures. */
export function medians(runs) {
  return Object.fromEntries(
    Object.keys(runs[0]).map((key) => [key, median(runs.map((figures) => figures[key]))]),
  );
}
