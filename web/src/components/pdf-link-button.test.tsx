import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { notifications } from '@/lib/notifications';
import { renderWithApp } from '@/test/render';
import { PdfLinkButton } from './pdf-link-button';

const apiError = (status: number, code: 'contractNoteNotReady' | 'contractNoteNotExists') =>
  new ApiError({ status, code, lang: 'en' });

const renderButton = (link: () => Promise<{ url: string }>) =>
  renderWithApp(
    <PdfLinkButton
      link={link}
      label="PDF"
      ariaLabel="PDF of the note of Sep 30"
      failedTitle="The note could not be opened"
      notReadyCode="contractNoteNotReady"
      notReadyText="Still being prepared."
    />,
  );

describe('PdfLinkButton', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for a fresh link when pressed and opens it', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    const link = vi.fn(async () => ({ url: 'https://data-room.example/note.pdf' }));
    renderButton(link);
    expect(link).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'PDF of the note of Sep 30' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://data-room.example/note.pdf'));
    expect(link).toHaveBeenCalledTimes(1);
  });

  it('says the PDF is still being prepared when the server answers the not-ready code', async () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => undefined);
    renderButton(async () => {
      throw apiError(409, 'contractNoteNotReady');
    });
    fireEvent.click(screen.getByRole('button', { name: 'PDF of the note of Sep 30' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({
        color: 'red',
        title: 'The note could not be opened',
        message: 'Still being prepared.',
      }),
    );
  });

  it('says why for any other failure, in the catalogue’s words', async () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => undefined);
    renderButton(async () => {
      throw apiError(404, 'contractNoteNotExists');
    });
    fireEvent.click(screen.getByRole('button', { name: 'PDF of the note of Sep 30' }));
    await waitFor(() => expect(show).toHaveBeenCalledTimes(1));
    expect(show.mock.calls[0]?.[0]).toMatchObject({ title: 'The note could not be opened' });
    expect(show.mock.calls[0]?.[0].message).not.toBe('Still being prepared.');
    expect(show.mock.calls[0]?.[0].message).toBe('Contract note does not exist.');
  });
});
