import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';

/**
 * Zip archives of a folder's documents, streamed: each file is read from S3 and written into the
 * archive as it arrives (stored, not deflated: PDFs are compressed already), so memory stays flat
 * whatever the folder holds.
 */

/** Bumped when the archive layout changes, so cached archives of the old layout are not reused. */
const ZIP_LAYOUT = 'v1';

export interface ZipSource {
  documentId: string;
  version: number;
  fileName: string;
  /** When the file was uploaded: the entry's modification time. */
  uploadedAt: string;
  open: () => Promise<Readable>;
}

/**
 * The archive's identity: the folder and exactly which version of which document it holds. An
 * unchanged folder hashes the same and reuses its archive; any edit, upload or removal does not.
 */
export const zipHash = (folderId: string, docs: readonly { documentId: string; version: number }[]): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        ZIP_LAYOUT,
        folderId,
        [...docs].sort((a, b) => a.documentId.localeCompare(b.documentId)).map((d) => [d.documentId, d.version]),
      ]),
    )
    .digest('hex');

/** Entry names: the file names as uploaded, with " (2)", " (3)"... for names already taken (case-insensitively). */
export const entryNames = (fileNames: readonly string[]): string[] => {
  const taken = new Set<string>();
  return fileNames.map((name) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
};

/** Zip's DOS timestamps start in 1980; clamp anything earlier (or unparsable). */
const entryTime = (iso: string): Date => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) || d.getFullYear() < 1980 ? new Date('1980-01-02T00:00:00Z') : d;
};

/** Resolves when the stream wants more, or is gone (a consumer that gave up must not leave us waiting). */
const drained = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

/**
 * A readable stream of the zip of `sources`, in order. Backpressure is honoured: a file is read
 * only as fast as the consumer takes the archive. An error in any source fails the stream.
 */
export const zipStream = (sources: readonly ZipSource[]): Readable => {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  const names = entryNames(sources.map((s) => s.fileName));
  const pump = async () => {
    for (const [i, source] of sources.entries()) {
      const entry = new ZipPassThrough(names[i]!);
      entry.mtime = entryTime(source.uploadedAt);
      zip.add(entry);
      const body = await source.open();
      try {
        for await (const chunk of body) {
          if (out.destroyed) return;
          entry.push(chunk instanceof Uint8Array ? chunk : Buffer.from(chunk as string));
          if (out.writableNeedDrain) await drained(out);
        }
      } finally {
        body.destroy();
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  };
  pump().catch((error: unknown) => out.destroy(error as Error));
  return out;
};
