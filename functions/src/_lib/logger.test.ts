import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonLogger } from './logger.js';

const lines = (level?: string) => {
  if (level) vi.stubEnv('POWERTOOLS_LOG_LEVEL', level);
  const out: Record<string, unknown>[] = [];
  const logger = new JsonLogger('tranche', (line) => out.push(JSON.parse(line)));
  return { logger, out };
};

afterEach(() => vi.unstubAllEnvs());

describe('logger', () => {
  it('writes one JSON line with level, message, service, the appended keys and the extra ones', () => {
    const { logger, out } = lines('INFO');
    logger.appendKeys({ requestId: 'r1', operationId: 'getProduct', tenantId: undefined });
    logger.appendKeys({ tenantId: 't1' });
    logger.info('request served', { status: 200 });
    expect(out).toEqual([
      expect.objectContaining({
        level: 'INFO',
        message: 'request served',
        service: 'tranche',
        requestId: 'r1',
        operationId: 'getProduct',
        tenantId: 't1',
        status: 200,
      }),
    ]);
    expect(Number.isNaN(Date.parse(out[0]!.timestamp as string))).toBe(false);
  });

  it('leaves out lines below the configured level', () => {
    const { logger, out } = lines('WARN');
    logger.debug('d');
    logger.info('i');
    logger.warn('w');
    logger.error('e');
    expect(out.map((l) => l.level)).toEqual(['WARN', 'ERROR']);
  });

  it('writes errors with name, message, location and stack, their cause included', () => {
    const { logger, out } = lines();
    logger.error('request failed', { error: new TypeError('boom', { cause: new Error('root') }) });
    const error = out[0]!.error as Record<string, unknown>;
    expect(error).toMatchObject({ name: 'TypeError', message: 'boom', cause: { message: 'root' } });
    expect(error.location).toMatch(/logger\.test\.ts:\d+$/);
    expect(error.stack).toContain('TypeError: boom');
  });

  it('never throws on a value JSON cannot hold', () => {
    const { logger, out } = lines();
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => logger.error('odd', { cycle, big: 1n })).not.toThrow();
    expect(out[0]).toMatchObject({ level: 'ERROR', message: 'odd', unserialisable: true });
  });
});
