import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UploadedFile } from '@tranche/shared/files/files.schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentUpload } from '@/features/documents/components/document-upload';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';

const fetchMock = mockFetch({ csrf: true });

const FILE_NAME = '01JAAAAAAAAAAAAAAAAAAAAAAA.pdf';
const file = (status: UploadedFile['status'], extra: Partial<UploadedFile> = {}): UploadedFile => ({
  fileName: FILE_NAME,
  purpose: 'PROFILE_DOCUMENT',
  originalName: 'passport.pdf',
  contentType: 'application/pdf',
  size: 5,
  status,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

/** The browser's upload to storage: reports progress, then answers `status`. */
const sent: FormData[] = [];
class FakeXhr {
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  status = 0;
  static answer = 204;
  open(method: string, url: string) {
    expect([method, url]).toEqual(['POST', 'http://storage.test/bucket']);
  }
  send(body: FormData) {
    sent.push(body);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 5 });
      this.status = FakeXhr.answer;
      this.onload?.();
    }, 10);
  }
  abort() {
    this.onabort?.();
  }
}

beforeEach(() => {
  sent.length = 0;
  FakeXhr.answer = 204;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

/** Answers the upload registration, then each scan-result poll with the next verdict. */
const answer = (...verdicts: UploadedFile[]) => {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/v2/files')) {
      return json(201, {
        file: file('UPLOADING'),
        upload: {
          method: 'POST',
          url: 'http://storage.test/bucket',
          fields: [
            ['key', `uploads/tenants/t/files/${FILE_NAME}`],
            ['Content-Type', 'application/pdf'],
          ],
          expiresAt: '2026-01-01T00:10:00.000Z',
        },
      });
    }
    if (url.includes('/scan-result')) return json(200, verdicts.length > 1 ? verdicts.shift() : verdicts[0]);
    return json(404, { code: 'NOT_FOUND', message: 'x', requestId: 'r' });
  });
};

const pick = (name: string, type: string, content = '%PDF-') => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([content], name, { type })] } });
};

describe('DocumentUpload', () => {
  it('uploads with the form fields first and the file last, follows the scan and hands over the clean file', async () => {
    answer(file('PENDING_SCAN'), file('CLEAN'));
    const onClean = vi.fn();
    renderWithApp(<DocumentUpload label="Upload your passport" onClean={onClean} />);
    pick('passport.pdf', 'application/pdf');
    expect(await screen.findByText('Checking passport.pdf for malware…', {}, { timeout: 2000 })).toBeTruthy();
    await waitFor(() => expect(onClean).toHaveBeenCalledWith(expect.objectContaining({ status: 'CLEAN' })), {
      timeout: 4000,
    });
    expect(screen.getByRole('status').textContent).toContain('passport.pdf passed the checks.');
    expect([...sent[0]!.keys()]).toEqual(['key', 'Content-Type', 'file']);
    const registration = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body));
    expect(registration).toEqual({
      purpose: 'PROFILE_DOCUMENT',
      originalName: 'passport.pdf',
      contentType: 'application/pdf',
      size: 5,
    });
  });

  it("tells the investor why a file was refused, in the catalogue's words", async () => {
    answer(file('REFUSED', { reason: 'INFECTED', code: 'fileInfected' }));
    const onClean = vi.fn();
    const onRefused = vi.fn();
    renderWithApp(<DocumentUpload label="Upload" onClean={onClean} onRefused={onRefused} />);
    pick('eicar.pdf', 'application/pdf');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('eicar.pdf was refused');
    expect(alert.textContent).toContain('The malware scan found a threat in this file');
    expect(onRefused).toHaveBeenCalled();
    expect(onClean).not.toHaveBeenCalled();
  });

  it('refuses a type the purpose does not take before calling anything', async () => {
    answer(file('CLEAN'));
    renderWithApp(<DocumentUpload label="Upload" onClean={vi.fn()} />);
    pick('setup.exe', 'application/x-msdownload', 'MZ');
    expect((await screen.findByRole('alert')).textContent).toContain('setup.exe is not a PDF, JPEG, PNG or HEIC file.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the storage refuses the upload', async () => {
    answer(file('CLEAN'));
    FakeXhr.answer = 403;
    renderWithApp(<DocumentUpload label="Upload" onClean={vi.fn()} />);
    pick('passport.pdf', 'application/pdf');
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toContain(
      'The upload did not go through.',
    );
  });
});
