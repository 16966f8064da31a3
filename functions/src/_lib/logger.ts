/**
 * Structured JSON logs; every line of a request carries its request id, tenant and operation.
 *
 * The lines Powertools' Logger wrote (level, message, timestamp, service, xray_trace_id, the
 * appended keys, errors as name/location/message/stack), with the same level settings
 * (POWERTOOLS_LOG_LEVEL, else AWS_LAMBDA_LOG_LEVEL, else LOG_LEVEL; INFO by default), but our own:
 * we use four methods of it, and Powertools' Logger and commons were ~20 KB minified of every
 * handler bundle and constructed at every cold start (docs/decisions.md, "Cold start").
 */
const LEVELS = { DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, SILENT: 28 } as const;
type Level = keyof typeof LEVELS;

const configuredLevel = (): number => {
  const named = (process.env.POWERTOOLS_LOG_LEVEL ?? process.env.AWS_LAMBDA_LOG_LEVEL ?? process.env.LOG_LEVEL ?? '')
    .trim()
    .toUpperCase();
  // Lambda's own names: TRACE logs like DEBUG, FATAL like ERROR.
  const level = named === 'TRACE' ? 'DEBUG' : named === 'FATAL' || named === 'CRITICAL' ? 'ERROR' : named;
  return level in LEVELS ? LEVELS[level as Level] : LEVELS.INFO;
};

/** Where in our code an error was thrown: the first stack frame, as `file:line`. */
const location = (stack: string | undefined): string => {
  const frame = stack?.split('\n').find((l) => l.trimStart().startsWith('at '));
  const match = frame && /\(?([^\s()]+):(\d+):\d+\)?$/.exec(frame);
  return match ? `${match[1]}:${match[2]}` : '';
};

const formatError = (error: Error): Record<string, unknown> => ({
  name: error.name,
  location: location(error.stack),
  message: error.message,
  stack: error.stack,
  ...(error.cause instanceof Error ? { cause: formatError(error.cause) } : error.cause ? { cause: error.cause } : {}),
});

/** Errors anywhere in the extra keys become plain objects (JSON.stringify would write `{}`). */
const replacer = (_key: string, value: unknown) => (value instanceof Error ? formatError(value) : value);

export class JsonLogger {
  private keys: Record<string, unknown> = {};
  private readonly threshold = configuredLevel();

  constructor(
    private readonly service: string,
    private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  ) {}

  /** Keys added to every following line (a key set to undefined is left out). */
  appendKeys(keys: Record<string, unknown>): void {
    Object.assign(this.keys, keys);
  }

  debug(message: string, extra?: Record<string, unknown>): void {
    this.log('DEBUG', message, extra);
  }
  info(message: string, extra?: Record<string, unknown>): void {
    this.log('INFO', message, extra);
  }
  warn(message: string, extra?: Record<string, unknown>): void {
    this.log('WARN', message, extra);
  }
  error(message: string, extra?: Record<string, unknown>): void {
    this.log('ERROR', message, extra);
  }

  private log(level: Level, message: string, extra: Record<string, unknown> | undefined): void {
    if (LEVELS[level] < this.threshold) return;
    const traceId = process.env._X_AMZN_TRACE_ID?.split(';')[0]?.replace('Root=', '');
    const line = {
      level,
      message,
      timestamp: new Date().toISOString(),
      service: this.service,
      ...(traceId ? { xray_trace_id: traceId } : {}),
      ...this.keys,
      ...extra,
    };
    try {
      this.write(JSON.stringify(line, replacer));
    } catch {
      // A value that cannot be serialised (a cycle, a BigInt) must not turn a log line into a 500.
      this.write(
        JSON.stringify({ level, message, timestamp: line.timestamp, service: this.service, unserialisable: true }),
      );
    }
  }
}

export const logger = new JsonLogger('tranche');
