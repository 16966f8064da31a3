import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithApp } from '@/test/render';
import SignerRoute from './signer-page';

const fetchMock = mockFetch();

const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path="/signing/:projectId/:signerId" element={<SignerRoute />} />
    </Routes>,
    { path },
  );

const copy = {
  project: { projectId: 'P1', name: 'Side letter', sender: 'Alpine Capital' },
  signer: { signerId: 's1', name: 'Wen' },
  availableUntil: '2026-12-24T05:00:00.000Z',
  documents: [
    {
      documentId: 'd1',
      name: 'Side letter.pdf',
      fileName: 'Side letter (signed).pdf',
      sha256: 'ab',
      url: 'https://bucket/x',
      expiresAt: '2026-11-24T05:05:00.000Z',
    },
  ],
};

describe('the signed copy of a signer without an account', () => {
  it('opens from the emailed #copy= link without a code, and offers each sealed PDF', async () => {
    fetchMock.mockResolvedValueOnce(json(200, copy));
    const { storage } = renderAt('/signing/P1/s1#copy=tok-123');
    expect(await screen.findByRole('heading', { name: 'Your signed copy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Side letter.pdf' })).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/sign/copy?projectId=P1&signerId=s1');
    expect((init!.headers as Record<string, string>)['x-signing-copy']).toBe('tok-123');
    // Kept for this tab, out of the address: a reload still opens it.
    await waitFor(() => expect(storage.get('signingCopies')).toEqual({ s1: 'tok-123' }));
    // Only the copy was asked for: no signing link, no code.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says plainly when the link has expired', async () => {
    fetchMock.mockResolvedValueOnce(
      json(410, {
        code: 'signingCopyExpired',
        message: 'This download link has expired. Ask the sender for a copy of the signed document.',
        requestId: 'r1',
      }),
    );
    renderAt('/signing/P1/s1#copy=old');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/This download link has expired/)).toBeTruthy();
  });
});
