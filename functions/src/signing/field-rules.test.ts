import { sealedRetentionYearsOf } from '@tranche/shared/signing/retention';
import type { SigningField } from '@tranche/shared/signing/signing.schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#lib/errors';
import { retainUntilOf } from './completion.js';
import { checkFieldAssignments, checkFieldsOnPageSizes } from './field-rules.js';
import { sealedFileName, sendProblems } from './projects.service.js';
import { pngSize } from './seals.service.js';

const A4 = { width: 595.28, height: 841.89, rotation: 0 };
const field = (over: Partial<SigningField> = {}): SigningField => ({
  fieldId: 'f1',
  kind: 'SIGNATURE',
  pageIndex: 0,
  x: 10,
  y: 10,
  width: 100,
  height: 40,
  signerId: 's1',
  required: true,
  ...over,
});
const refusal = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('not refused');
};

describe('checkFieldsOnPageSizes', () => {
  it('accepts any box wholly on its page, edges included', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 595, noNaN: true }),
        fc.double({ min: 0, max: 841, noNaN: true }),
        (x, y) => {
          const width = Math.max(0.01, (595.28 - x) / 2);
          const height = Math.max(0.01, (841.89 - y) / 2);
          checkFieldsOnPageSizes([A4], [field({ x, y, width, height })]);
        },
      ),
    );
    checkFieldsOnPageSizes([A4], [field({ x: 0, y: 0, width: 595.28, height: 841.89 })]);
  });

  it('refuses a box past any edge or on a missing page, naming the first field and listing all', () => {
    const error = refusal(() =>
      checkFieldsOnPageSizes(
        [A4],
        [
          field({ fieldId: 'ok' }),
          field({ fieldId: 'right', x: 500, width: 100 }),
          field({ fieldId: 'bottom', y: 820, height: 30 }),
          field({ fieldId: 'page2', pageIndex: 1 }),
        ],
      ),
    );
    expect(error.code).toBe('signingFieldOutsidePage');
    expect(error.status).toBe(400);
    expect(error.details?.field).toBe('right');
    expect(error.details?.fields?.map((f) => f.field)).toEqual(['fields.1', 'fields.2', 'fields.3']);
  });
});

describe('checkFieldAssignments', () => {
  const signers = new Map([
    ['lp', { role: 'LP' as const }],
    ['gp', { role: 'GP' as const }],
  ]);

  it('lets only an administrator or the owner place the company seal', () => {
    const seal = [field({ kind: 'SEAL', signerId: 'gp' })];
    expect(refusal(() => checkFieldAssignments(seal, signers, 'GP_MEMBER')).code).toBe('signingSealNotAllowed');
    checkFieldAssignments(seal, signers, 'GP_ADMIN');
    checkFieldAssignments(seal, signers, 'GP_OWNER');
  });

  it('names unknown signers, repeated ids and a seal for a non-GP signer', () => {
    const error = refusal(() =>
      checkFieldAssignments(
        [
          field({ fieldId: 'a', signerId: 'lp' }),
          field({ fieldId: 'a', signerId: 'lp' }),
          field({ fieldId: 'b', signerId: 'ghost' }),
          field({ fieldId: 'c', kind: 'SEAL', signerId: 'lp' }),
        ],
        signers,
        'GP_OWNER',
      ),
    );
    expect(error.code).toBe('PARAMS_ERROR');
    expect(error.details?.fields?.map((f) => `${f.field}:${f.rule}`)).toEqual([
      'fields.1:unique',
      'fields.2:signerExists',
      'fields.3:sealByGp',
    ]);
  });
});

describe('sendProblems', () => {
  const signer = (signerId: string, name = signerId) => ({
    signerId,
    projectId: 'p',
    name,
    email: `${signerId}@example.com`,
    role: 'LP' as const,
    group: 1,
    state: 'WAITING' as const,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  const doc = (fields: SigningField[]) => ({
    documentId: 'd',
    projectId: 'p',
    name: 'D',
    fileId: 'f',
    order: 0,
    sourceSha256: 'x',
    pages: [A4],
    fields,
  });

  it('is empty for a project with documents, signers who each have a field, and every tag valued', () => {
    expect(
      sendProblems(
        [
          doc([
            field({ signerId: 'a' }),
            field({ fieldId: 't', kind: 'TEXT', signerId: undefined, tag: 'INVESTOR_NAME' }),
          ]),
        ],
        [signer('a')],
        { INVESTOR_NAME: 'Ada' },
      ),
    ).toEqual([]);
  });

  it('names what is missing: documents, signers, a signer without a field, a removed signer, a tag without value', () => {
    expect(sendProblems([], [], {}).map((p) => p.field)).toEqual(['documents', 'signers']);
    const problems = sendProblems(
      [
        doc([
          field({ signerId: 'gone' }),
          field({ fieldId: 't', kind: 'DATE', signerId: undefined, tag: 'SIGNING_DATE' }),
        ]),
      ],
      [signer('idle')],
      {},
    );
    expect(problems.map((p) => `${p.field}:${p.rule}`)).toEqual([
      'documents.0.fields.0:signerExists',
      'tagValues.SIGNING_DATE:required',
      'signers.0:hasField',
    ]);
  });
});

describe('small rules', () => {
  it('reads a PNG size from IHDR and refuses anything else', async () => {
    const { signaturePng } = await import('./seal/fixtures.js');
    expect(pngSize(signaturePng(240, 80))).toEqual({ width: 240, height: 80 });
    expect(pngSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(40).fill(0)]))).toBeUndefined();
    expect(pngSize(new Uint8Array(10))).toBeUndefined();
  });

  it('keeps a sealed document seven years from completion by default', () => {
    expect(retainUntilOf('2026-11-24T02:00:00.000Z')).toBe('2033-11-24T02:00:00.000Z');
    expect(retainUntilOf('2028-02-29T00:00:00.000Z', 1)).toBe('2029-03-01T00:00:00.000Z');
  });

  it("takes the tenant's retention in years when it is a whole number from 1 to 30, else seven", () => {
    expect(sealedRetentionYearsOf({ sealedRetentionYears: 12 })).toBe(12);
    expect(sealedRetentionYearsOf({ sealedRetentionYears: 1 })).toBe(1);
    expect(sealedRetentionYearsOf({ sealedRetentionYears: 30 })).toBe(30);
    for (const bad of [0, 31, 2.5, '10', null]) expect(sealedRetentionYearsOf({ sealedRetentionYears: bad })).toBe(7);
    expect(sealedRetentionYearsOf({ requireMfaForGp: true })).toBe(7);
    expect(sealedRetentionYearsOf(undefined)).toBe(7);
  });

  it('names the download after the document, in any script', () => {
    expect(sealedFileName('Subscription agreement.pdf')).toBe('Subscription agreement (signed).pdf');
    expect(sealedFileName('认购协议')).toBe('认购协议 (signed).pdf');
    expect(sealedFileName('  ')).toBe('document (signed).pdf');
  });
});
