import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFSignature } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '#lib/errors';
import { type CompletionInput, completeDocument } from './complete.js';
import { agreementPdf, signaturePng, twoSignerFields, twoSigners } from './fixtures.js';
import { generateSealingCertificate, needsRenewal, type SealingCertificate } from './sealing-certificate.js';
import { MAX_SIGNING_PDF_BYTES, sha256Hex } from './source-pdf.js';

/**
 * The completion core against real verifiers: poppler's pdfsig (the signature and its byte range),
 * qpdf --check (the file's structure) and pdftotext/pdfdetach (the audit page and its attachment).
 * They are installed by .ci/run (poppler-utils, qpdf); missing, these tests fail rather than skip.
 */
const dir = mkdtempSync(join(tmpdir(), 'tranche-seal-'));
const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error) throw r.error;
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
};
const write = (name: string, bytes: Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
};

let certificate: SealingCertificate;
let source: Uint8Array;
const completedAt = new Date('2026-11-23T10:16:02.000Z');
const input = (over: Partial<CompletionInput> = {}): CompletionInput => ({
  source,
  documentName: 'Subscription agreement.pdf',
  projectId: 'PRJ01TEST',
  tenantName: 'Example Capital',
  fields: twoSignerFields(3, signaturePng()),
  signers: twoSigners(),
  completedAt,
  certificate,
  ...over,
});

beforeAll(async () => {
  certificate = generateSealingCertificate({ tenantId: 't1', tenantName: 'Example Capital', now: completedAt });
  source = await agreementPdf(3);
}, 30_000);

// Real PDF work and external verifiers: generous per-test time for a loaded CI machine.
const SLOW = { timeout: 30_000 };

describe('completeDocument', SLOW, () => {
  it('seals a file that pdfsig verifies over the whole document and qpdf finds sound', async () => {
    const done = await completeDocument(input());
    expect(done.sha256).toBe(sha256Hex(done.bytes));
    expect(done.sourceSha256).toBe(sha256Hex(source));
    const path = write('sealed.pdf', done.bytes);
    const sig = run('pdfsig', [path]);
    // No repair needed: a reader that repairs a file changes the bytes the seal covers.
    expect(sig.out).not.toMatch(/Syntax Error|Internal Error/);
    expect(sig.out).toContain('Signature is Valid');
    expect(sig.out).toContain('Total document signed');
    expect(sig.out).toContain('Example Capital document seal');
    expect(sig.out).toMatch(/adbe\.pkcs7\.detached/);
    const check = run('qpdf', ['--check', path]);
    expect(check.status, check.out).toBe(0);
  });

  it('shows tampering: one flipped byte in the signed range makes the signature invalid', async () => {
    const done = await completeDocument(input());
    const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(done.bytes.toString('latin1'));
    expect(range).not.toBeNull();
    const [start, length] = [Number(range?.[1]), Number(range?.[2])];
    expect(start).toBe(0);
    const tampered = Buffer.from(done.bytes);
    // Inside the first signed segment, past the header: a byte of the document's content.
    const at = Math.floor(length / 2);
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    const sig = run('pdfsig', [write('tampered.pdf', tampered)]);
    expect(sig.out).not.toContain('Signature is Valid');
    expect(sig.out).toMatch(/Signature is Invalid|Digest Mismatch/i);
  });

  it('flattens the form, draws the fields and appends the audit certificate with every signer', async () => {
    const done = await completeDocument(input());
    const sealed = await PDFDocument.load(done.bytes);
    expect(sealed.getPageCount()).toBe(4);
    // Only the seal's own signature field is left: the agreement's text field is now page content.
    expect(
      sealed
        .getForm()
        .getFields()
        .every((f) => f instanceof PDFSignature),
    ).toBe(true);
    const path = write('audit.pdf', done.bytes);
    const firstPage = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-layout', path, '-'], { encoding: 'utf8' });
    expect(firstPage).toContain('USD 250,000');
    expect(firstPage).toContain('A.I.');
    const audit = execFileSync('pdftotext', ['-f', '4', '-l', '4', path, '-'], { encoding: 'utf8' });
    expect(audit).toContain('Certificate of completion');
    expect(audit).toContain(done.sourceSha256.slice(0, 32));
    for (const s of twoSigners()) {
      for (const fact of [s.email, s.ip, s.codeVerifiedAt, s.viewedAt, s.signedAt]) expect(audit).toContain(fact);
    }
    expect(audit).toContain('on behalf of Example Capital Management Ltd');
    expect(audit).toContain('Investor (LP)');
    expect(audit).toContain('Manager (GP)');
  });

  it('keeps names the page font cannot show exactly in the attached audit.json', async () => {
    const signers = twoSigners();
    signers[0] = { ...signers[0]!, name: '张伟', onBehalfOf: '示例家族办公室' };
    const done = await completeDocument(input({ signers }));
    const path = write('zh.pdf', done.bytes);
    const audit = execFileSync('pdftotext', ['-f', '4', '-l', '4', path, '-'], { encoding: 'utf8' });
    expect(audit).toContain('audit.json gives every value exactly');
    execFileSync('pdfdetach', ['-save', '1', '-o', join(dir, 'audit.json'), path]);
    const facts = JSON.parse(readFileSync(join(dir, 'audit.json'), 'utf8'));
    expect(facts.signers[0].name).toBe('张伟');
    expect(facts.signers[0].onBehalfOf).toBe('示例家族办公室');
    expect(facts.sourceSha256).toBe(done.sourceSha256);
    expect(run('pdfsig', [path]).out).toContain('Signature is Valid');
  });
});

describe('refusals', SLOW, () => {
  it('names a field placed outside its page, and one on a page that does not exist', async () => {
    const fields = twoSignerFields(3, signaturePng());
    fields.push(
      { ...fields[0]!, fieldId: 'too-far-right', x: 560, width: 40 },
      { ...fields[0]!, fieldId: 'no-such-page', pageIndex: 3 },
    );
    const error = await refusal(completeDocument(input({ fields })));
    expect(error.code).toBe('signingFieldOutsidePage');
    expect(error.status).toBe(400);
    expect(error.details?.field).toBe('too-far-right');
    expect(error.details?.fields?.map((f) => f.field)).toEqual([
      `fields.${fields.length - 2}`,
      `fields.${fields.length - 1}`,
    ]);
  });

  it('refuses a value its field cannot take, naming the field', async () => {
    const fields = twoSignerFields(3, signaturePng());
    const bad = [
      { ...fields[0]!, fieldId: 'chinese-text', kind: 'TEXT' as const, value: { type: 'text' as const, text: '张伟' } },
      {
        ...fields[0]!,
        fieldId: 'not-png',
        kind: 'SIGNATURE' as const,
        value: { type: 'image' as const, png: new Uint8Array([1, 2, 3]) },
      },
      {
        ...fields[0]!,
        fieldId: 'tick-as-date',
        kind: 'DATE' as const,
        value: { type: 'checkbox' as const, checked: true },
      },
    ];
    for (const field of bad) {
      const error = await refusal(completeDocument(input({ fields: [field] })));
      expect(error.code).toBe('signingFieldValueInvalid');
      expect(error.details?.field).toBe(field.fieldId);
    }
  });

  it('refuses an encrypted PDF', async () => {
    const plain = write('plain.pdf', source);
    const locked = join(dir, 'locked.pdf');
    execFileSync('qpdf', ['--encrypt', 'user', 'owner', '256', '--', plain, locked]);
    const error = await refusal(completeDocument(input({ source: readFileSync(locked) })));
    expect(error.code).toBe('signingPdfEncrypted');
  });

  it('refuses malformed files: not a PDF, a truncated PDF, a PDF without pages', async () => {
    const truncated = source.slice(0, Math.floor(source.length / 3));
    for (const bytes of [Buffer.from('hello, not a pdf'), truncated, Buffer.from('%PDF-1.7\n%%EOF\n')]) {
      const error = await refusal(completeDocument(input({ source: bytes, fields: [] })));
      expect(error.code).toBe('signingPdfMalformed');
    }
  });

  it('refuses a PDF over 25 MB before reading it', async () => {
    const big = Buffer.alloc(MAX_SIGNING_PDF_BYTES + 1);
    Buffer.from('%PDF-1.7\n').copy(big);
    const error = await refusal(completeDocument(input({ source: big })));
    expect(error.code).toBe('signingPdfTooLarge');
    expect(error.status).toBe(413);
  });
});

describe('sealing certificate', () => {
  it('is self-signed for the tenant, valid five years, renewed 30 days before it lapses', () => {
    expect(certificate.certPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(certificate.keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(certificate.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(certificate.notAfter).toBe('2031-11-23T10:16:02.000Z');
    expect(needsRenewal(certificate, completedAt)).toBe(false);
    expect(needsRenewal(certificate, new Date('2031-10-25T10:16:02.000Z'))).toBe(true);
  });
});
