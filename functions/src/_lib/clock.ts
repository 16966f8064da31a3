/** The one clock. Tests set it; production reads the system time. Always UTC ISO 8601 on the wire. */
let offsetMs = 0;
let frozen: number | undefined;

export const clock = {
  now: (): Date => new Date(frozen ?? Date.now() + offsetMs),
  nowIso: (): string => clock.now().toISOString(),
  nowEpochSeconds: (): number => Math.floor(clock.now().getTime() / 1000),
  /** Test hook: freeze at an instant, or move forward by milliseconds. */
  set: (at: Date | undefined): void => {
    frozen = at?.getTime();
  },
  advance: (ms: number): void => {
    if (frozen !== undefined) frozen += ms;
    else offsetMs += ms;
  },
};
