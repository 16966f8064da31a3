/**
 * The signing figure (issue 12): completing a 20-page agreement signed by two signers (the investor's
 * initials on every page, both signatures, a date and a tick), through the same completion core the
 * signing service calls: fill and flatten, the audit certificate page, the PKCS#7 seal. Beside it,
 * the baseline pdf-lib alone needs for the same file: load and save. The certificate is made once
 * before timing (deployed it is one table read and one KMS Decrypt). Target: median <= 1 s.
 * BENCH_ONLY=signing (no stack needed); also runnable alone: `npx tsx bench/signing.ts`.
 */
import { PDFDocument } from 'pdf-lib';
import { completeDocument } from '../functions/src/signing/seal/complete.js';
import { agreementPdf, signaturePng, twoSignerFields, twoSigners } from '../functions/src/signing/seal/fixtures.js';
import { generateSealingCertificate } from '../functions/src/signing/seal/sealing-certificate.js';

const PAGES = 20;
const RUNS = Number(process.env.BENCH_SIGNING_RUNS ?? 15);
const TARGET_MS = 1000;

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Median of RUNS timed calls after one untimed warm-up (module and JIT warm-up, as in a warm Lambda). */
const time = async (call: () => Promise<unknown>) => {
  await call();
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await call();
    xs.push(performance.now() - t);
  }
  return median(xs);
};

export const benchSigning = async (row: (...cells: string[]) => void) => {
  const source = await agreementPdf(PAGES);
  const fields = twoSignerFields(PAGES, signaturePng());
  const signers = twoSigners();
  const completedAt = new Date();
  const certificate = generateSealingCertificate({ tenantId: 'bench', tenantName: 'Bench Capital', now: completedAt });
  const sealed = await time(() =>
    completeDocument({
      source,
      documentName: 'Agreement.pdf',
      projectId: 'BENCH',
      tenantName: 'Bench Capital',
      fields,
      signers,
      completedAt,
      certificate,
    }),
  );
  const baseline = await time(async () => (await PDFDocument.load(source)).save());
  row(
    `complete + seal ${PAGES}-page PDF, 2 signers (median of ${RUNS})`,
    ms(sealed),
    `pdf-lib load+save ${ms(baseline)}`,
    `<= ${TARGET_MS} ms`,
    sealed <= TARGET_MS ? 'ok' : 'OVER TARGET',
  );
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows: string[][] = [];
  await benchSigning((...cells) => rows.push(cells));
  for (const r of rows) console.log(r.join('  |  '));
}
