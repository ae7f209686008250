import { median } from './stats.mjs';

/**
 * A page's Total Blocking Time over the empty page's of the same round. Blocking time swings by
 * hundreds of milliseconds between runs on two cores, and a slow spell falls on the whole round,
 * so each round is judged against its own baseline. No blocking on either side reads as 1.
 */
export function tbtRatio(pageTbtMs, baselineTbtMs) {
  if (baselineTbtMs > 0) return pageTbtMs / baselineTbtMs;
  return pageTbtMs > 0 ? Number.POSITIVE_INFINITY : 1;
}

/**
 * The median over rounds of each round's ratio: `pageRuns[i]` and `baselineRuns[i]` were
 * measured in the same round.
 */
export function medianTbtRatio(pageRuns, baselineRuns) {
  if (pageRuns.length !== baselineRuns.length || pageRuns.length === 0) {
    throw new Error('Each round needs a run of the page and of the baseline');
  }
  return median(pageRuns.map((run, round) => tbtRatio(run.tbtMs, baselineRuns[round].tbtMs)));
}
