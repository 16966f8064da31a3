/** The nearest-rank percentile (p in 0..100) of timings; 0 for none. Every bench reports p50/p99 this way. */
export const percentile = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** A timing as the bench tables print it. */
export const ms = (v: number): string => `${v.toFixed(2)} ms`;
