/**
 * How long a sealed (e-signed) PDF stays unchangeable under S3 Object Lock: a tenant setting
 * (GpSettings.sealedRetentionYears), counted from the project's completion. Its own small module so
 * that the signing worker reads the rule without loading the tenant schemas.
 */
export const DEFAULT_SEALED_RETENTION_YEARS = 7;
export const SEALED_RETENTION_YEARS_RANGE = { min: 1, max: 30 } as const;

/**
 * The years to apply, from the stored GP settings as read: a valid whole number in range, else the
 * default (a document written before the setting existed has none).
 */
export const sealedRetentionYearsOf = (settings: unknown): number => {
  const years = (settings as { sealedRetentionYears?: unknown } | undefined)?.sealedRetentionYears;
  return typeof years === 'number' &&
    Number.isInteger(years) &&
    years >= SEALED_RETENTION_YEARS_RANGE.min &&
    years <= SEALED_RETENTION_YEARS_RANGE.max
    ? years
    : DEFAULT_SEALED_RETENTION_YEARS;
};

/** The retain-until instant: the completion instant, the same day and time `years` later (UTC). */
export const retainUntilOf = (completedAt: string, years: number = DEFAULT_SEALED_RETENTION_YEARS): string => {
  const d = new Date(completedAt);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString();
};
