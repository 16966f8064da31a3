import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiStacks,
  apiStacks,
  defaultTestApp,
  functionProperties,
  functionStatements,
  type Statement,
  type TrancheApp,
} from './synth.js';

/**
 * Issue 12's signing worker (shared/src/infra/workers.ts `signingWorker`, functions/src/signing/):
 * the only function that may open a tenant's sealing key and write a sealed PDF under Object Lock
 * retention. Pinned here from what completion.ts calls (readObject, copyObject, deleteObjects,
 * putLockedObject; the secret box under the `sealing` purpose).
 */
let built: TrancheApp;
let stacks: ApiStacks;

beforeAll(() => {
  built = defaultTestApp();
  stacks = apiStacks(built);
});

const worker = () => {
  const queued = built.api.queueWorkers.get('signingWorker');
  if (!queued) throw new Error('signingWorker is not a queue worker');
  return queued.function;
};
const allows = (statements: Statement[]) => statements.filter((s) => s.Effect === 'Allow');
const s3Grants = (statements: Statement[]) =>
  allows(statements)
    .flatMap((s) =>
      [s.Action]
        .flat()
        .filter((a) => a.startsWith('s3:'))
        .flatMap((a) =>
          [s.Resource].flat().map((r) => `${a} ${String(JSON.stringify(r)).match(/\/([a-z][^"]*)"/)?.[1] ?? '?'}`),
        ),
    )
    .sort();

describe('the signing worker', () => {
  it('opens and seals secret-box envelopes of the sealing purpose only', () => {
    const kms = allows(functionStatements(stacks, worker())).filter((s) => JSON.stringify(s.Action).includes('kms:'));
    expect(kms).toHaveLength(1);
    expect([kms[0]!.Action].flat().sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey']);
    expect(kms[0]!.Condition).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': 'sealing' } });
  });

  it('reads and deletes uploads, keeps checked sources, and writes sealed files under retention only', () => {
    expect(s3Grants(functionStatements(stacks, worker()))).toEqual(
      [
        's3:GetObject uploads/tenants/*/signing/*',
        's3:DeleteObject uploads/tenants/*/signing/*',
        's3:GetObject tenants/*/signing/sources/*',
        's3:PutObject tenants/*/signing/sources/*',
        's3:PutObject tenants/*/signing/sealed/*',
        's3:PutObjectRetention tenants/*/signing/sealed/*',
        // Issue 13: a subscription's agreement is made from the fund's agreement document, and its
        // countersignature from the sealed agreement: read only.
        's3:GetObject tenants/*/products/*/documents/*',
        's3:GetObject tenants/*/signing/sealed/*',
      ].sort(),
    );
  });

  it('has the time and memory to seal ten documents of up to 25 MB', () => {
    const p = functionProperties(stacks, worker());
    expect(p.Timeout).toBe(120);
    expect(p.MemorySize).toBe(1536);
  });

  it('is the only function that may put retention on objects or open a sealing key', () => {
    const others = [...built.api.routeFunctions.values(), ...built.api.workerFunctions.values()];
    for (const fn of others) {
      const statements = allows(functionStatements(stacks, fn));
      expect(JSON.stringify(statements)).not.toContain('s3:PutObjectRetention');
      expect(JSON.stringify(statements)).not.toContain('"sealing"');
    }
  });
});
