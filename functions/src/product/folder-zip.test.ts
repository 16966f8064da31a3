import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { entryNames, type ZipSource, zipHash, zipStream } from './folder-zip.js';

const source = (fileName: string, bytes: Uint8Array, documentId = fileName): ZipSource => ({
  documentId,
  version: 1,
  fileName,
  uploadedAt: '2026-04-01T12:00:00.000Z',
  // Several chunks, as an S3 body arrives.
  open: async () => Readable.from([bytes.subarray(0, 3), bytes.subarray(3)]),
});

describe('entryNames', () => {
  it('keeps file names and numbers the ones already taken, ignoring case', () => {
    expect(entryNames(['a.pdf', 'A.pdf', 'b.pdf', 'a.pdf', 'a (2).pdf', 'README'])).toEqual([
      'a.pdf',
      'A (2).pdf',
      'b.pdf',
      'a (3).pdf',
      'a (2) (2).pdf',
      'README',
    ]);
  });
});

describe('zipHash', () => {
  const docs = [
    { documentId: 'B', version: 2 },
    { documentId: 'A', version: 1 },
  ];

  it('is the same for the same documents at the same versions, in any order', () => {
    expect(zipHash('F', docs)).toBe(zipHash('F', [...docs].reverse()));
  });

  it('changes when a document changes, leaves or joins, or the folder differs', () => {
    const base = zipHash('F', docs);
    expect(zipHash('F', [{ documentId: 'B', version: 3 }, docs[1]!])).not.toBe(base);
    expect(zipHash('F', [docs[0]!])).not.toBe(base);
    expect(zipHash('F', [...docs, { documentId: 'C', version: 1 }])).not.toBe(base);
    expect(zipHash('G', docs)).not.toBe(base);
  });
});

describe('zipStream', () => {
  it('writes every source as an entry with its exact bytes and (UTF-8) name', async () => {
    const one = new TextEncoder().encode('%PDF-1.4 first');
    const two = new Uint8Array(200_000).map((_, i) => i % 251);
    const zip = await buffer(
      zipStream([source('季报.pdf', one), source('季报.pdf', two, 'other'), source('b.pdf', one)]),
    );
    const entries = unzipSync(new Uint8Array(zip));
    expect(Object.keys(entries)).toEqual(['季报.pdf', '季报 (2).pdf', 'b.pdf']);
    expect(Buffer.from(entries['季报.pdf']!).equals(Buffer.from(one))).toBe(true);
    expect(Buffer.from(entries['季报 (2).pdf']!).equals(Buffer.from(two))).toBe(true);
  });

  it('fails the stream when a source cannot be read', async () => {
    const broken: ZipSource = { ...source('x.pdf', new Uint8Array(4)), open: () => Promise.reject(new Error('gone')) };
    await expect(buffer(zipStream([source('a.pdf', new Uint8Array(4)), broken]))).rejects.toThrow('gone');
  });
});
