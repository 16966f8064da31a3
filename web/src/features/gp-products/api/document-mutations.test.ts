import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { uploadProductDocument } from './document-mutations';
import { UploadFailedError } from './upload-file';

const PRODUCT = '01HZY3C9W8ZK1N6S2B7QK5V4XM';
const DOC = '01HZY3C9W8ZK1N6S2B7QK5V4XD';
const PUT_URL = 'http://127.0.0.1:9999/bucket/products/doc?X-Amz-Signature=abc';

const document = (state: string) => ({
  documentId: DOC,
  productId: PRODUCT,
  kind: 'MARKETING',
  title: { en: 'Factsheet' },
  fileName: 'factsheet.pdf',
  contentType: 'application/pdf',
  size: 9,
  state,
  version: 1,
  uploadedAt: '2026-01-01T00:00:00Z',
});

/** Records what is sent and answers like storage would, with progress events. */
class FakeXhr {
  static last: FakeXhr | undefined;
  static status = 200;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    FakeXhr.last = this;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    queueMicrotask(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 9 });
      this.status = FakeXhr.status;
      this.onload?.();
    });
  }
  abort() {
    this.onabort?.();
  }
}

const fetchMock = mockFetch();

describe('uploading a product document', () => {
  beforeEach(() => {
    FakeXhr.status = 200;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    fetchMock.mockImplementation(async (input, init) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (path === `/api/products/${PRODUCT}/documents` && init?.method === 'POST')
        return json(201, {
          document: document('UPLOADING'),
          upload: {
            method: 'PUT',
            url: PUT_URL,
            headers: { 'Content-Type': 'application/pdf', 'Content-Length': '9' },
            expiresAt: '2026-01-01T00:15:00Z',
          },
        });
      if (path === `/api/products/${PRODUCT}/documents/${DOC}/complete`) return json(200, document('READY'));
      return json(200, {});
    });
  });

  it('registers the file, PUTs its bytes to the presigned URL with its headers, then completes it', async () => {
    const file = new File(['%PDF-1.4\n'], 'factsheet.pdf', { type: 'application/pdf' });
    const progress: [string, number][] = [];
    const done = await uploadProductDocument(
      PRODUCT,
      { kind: 'MARKETING', title: { en: 'Factsheet' }, file },
      (stage, fraction) => progress.push([stage, fraction]),
    );

    expect(done.state).toBe('READY');
    const apiCalls = fetchMock.mock.calls.filter(([u]) => String(u).startsWith('/api/products'));
    expect(apiCalls.map(([u, init]) => `${init?.method} ${u}`)).toEqual([
      `POST /api/products/${PRODUCT}/documents`,
      `POST /api/products/${PRODUCT}/documents/${DOC}/complete`,
    ]);
    expect(JSON.parse(String(apiCalls[0]?.[1]?.body))).toEqual({
      kind: 'MARKETING',
      title: { en: 'Factsheet' },
      fileName: 'factsheet.pdf',
      contentType: 'application/pdf',
      size: 9,
    });
    const put = FakeXhr.last as FakeXhr;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe(PUT_URL);
    expect(put.body).toBe(file);
    // The browser sets Content-Length itself and refuses scripts that try.
    expect(put.headers).toEqual({ 'Content-Type': 'application/pdf' });
    expect(progress).toEqual([
      ['registering', 0],
      ['uploading', 4 / 9],
      ['uploading', 1],
      ['checking', 1],
    ]);
  });

  it('stops without completing when storage refuses the bytes', async () => {
    FakeXhr.status = 403;
    const file = new File(['%PDF-1.4\n'], 'factsheet.pdf', { type: 'application/pdf' });
    await expect(
      uploadProductDocument(PRODUCT, { kind: 'LEGAL', title: { en: 'Agreement' }, file }, () => undefined),
    ).rejects.toBeInstanceOf(UploadFailedError);
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/complete'))).toBe(false);
  });
});
