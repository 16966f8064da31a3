import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { DomainError, mapError } from './errors.js';

describe('mapError', () => {
  it('maps a domain error to its catalogue status and message in the caller’s language', () => {
    const mapped = mapError(new DomainError('productIsNotExist'), 'r1', 'zh-CN');
    expect(mapped.status).toBe(404);
    expect(mapped.body).toEqual({ code: 'productIsNotExist', message: '产品不存在。', requestId: 'r1' });
  });

  it('names the fields of a validation error', () => {
    const result = z.strictObject({ a: z.number() }).safeParse({ a: 'x', b: 1 });
    const mapped = mapError(result.error, 'r2', 'en');
    expect(mapped.status).toBe(400);
    expect(mapped.body.details?.fields?.map((f) => f.field).sort()).toEqual(['body.a', 'body.b']);
  });

  it('names every unknown field of a body, each on its own, nested ones with their path', () => {
    const schema = z.strictObject({ a: z.number(), nested: z.strictObject({ b: z.string() }) });
    const result = schema.safeParse({ a: 1, isAdmin: true, role: 'GP_OWNER', nested: { b: 'x', tenantId: 't' } });
    const fields = mapError(result.error, 'r7', 'en').body.details?.fields ?? [];
    expect(fields.map((f) => f.field).sort()).toEqual(['body.isAdmin', 'body.nested.tenantId', 'body.role']);
    expect(fields.every((f) => f.rule === 'unrecognized_keys')).toBe(true);
    expect(fields.find((f) => f.field === 'body.role')?.message).toContain('"role"');
  });

  it('answers a write that lost to a concurrent one 409 VERSION_CONFLICT, never 500', () => {
    const cancelled = Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
    });
    expect(mapError(cancelled, 'r5', 'en')).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
    const otherCancel = Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: [{ Code: 'ValidationError' }],
    });
    expect(mapError(otherCancel, 'r6', 'en').status).toBe(500);
  });

  it('answers throttling with 503 and Retry-After, and never leaks an internal message', () => {
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
    expect(mapError(throttled, 'r3', 'en')).toMatchObject({ status: 503, headers: { 'retry-after': '1' } });
    const bug = mapError(new Error('secret table name tranche-prod'), 'r4', 'en');
    expect(bug.status).toBe(500);
    expect(JSON.stringify(bug.body)).not.toContain('tranche-prod');
  });
});
