import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { renderWithApp } from '@/test/render';
import { ReasonDialog } from './reason-dialog';

/** A page with one decision that needs a reason: the button opens the dialog, a confirmation closes it. */
const Harness = ({ onConfirm, error }: { onConfirm: (reason: string) => void; error?: unknown }) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reject
      </button>
      <ReasonDialog
        opened={open}
        onClose={() => setOpen(false)}
        title="Reject the subscription"
        closeLabel="Close"
        intro="The investor reads your reason."
        reasonLabel="Reason"
        reasonRequired="Enter a reason."
        maxLength={20}
        error={error}
        errorTitle="That did not work"
        cancelLabel="Cancel"
        confirmLabel="Confirm"
        busy={false}
        onConfirm={(reason) => {
          onConfirm(reason);
          setOpen(false);
        }}
      >
        <label>
          Documents
          <input />
        </label>
      </ReasonDialog>
    </>
  );
};

const open = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
  return screen.findByRole('dialog', { name: 'Reject the subscription' });
};
const reasonOf = (dialog: HTMLElement) =>
  within(dialog).getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement;

describe('ReasonDialog', () => {
  it('refuses an empty or blank reason on the field, then confirms the trimmed one', async () => {
    const onConfirm = vi.fn();
    renderWithApp(<Harness onConfirm={onConfirm} />);
    const dialog = await open();
    expect(within(dialog).getByText('The investor reads your reason.')).toBeTruthy();
    // Further fields of the decision sit in the same form.
    expect(within(dialog).getByRole('textbox', { name: 'Documents' })).toBeTruthy();
    expect(reasonOf(dialog).required).toBe(true);
    expect(reasonOf(dialog).maxLength).toBe(20);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter a reason.')).toBeTruthy();
    fireEvent.change(reasonOf(dialog), { target: { value: '   ' } });
    // Typing clears the message; a blank reason is still refused when sent.
    expect(within(dialog).queryByText('Enter a reason.')).toBeNull();
    fireEvent.submit(reasonOf(dialog).closest('form') as HTMLFormElement);
    expect(await within(dialog).findByText('Enter a reason.')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(reasonOf(dialog), { target: { value: '  Amount too low  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('Amount too low');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes by its named × too, sending nothing', async () => {
    const onConfirm = vi.fn();
    renderWithApp(<Harness onConfirm={onConfirm} />);
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('starts each opening with an empty reason, and Cancel sends nothing', async () => {
    const onConfirm = vi.fn();
    renderWithApp(<Harness onConfirm={onConfirm} />);
    let dialog = await open();
    fireEvent.change(reasonOf(dialog), { target: { value: 'Half typed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await open();
    expect(reasonOf(dialog).value).toBe('');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("shows the last attempt's failure in the catalogue's words", async () => {
    const error = new ApiError({ code: 'VERSION_CONFLICT', status: 409, lang: 'en' });
    renderWithApp(<Harness onConfirm={vi.fn()} error={error} />);
    const dialog = await open();
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain('That did not work');
    expect(alert.textContent).toContain(error.message);
    expect(error.message.length).toBeGreaterThan(0);
  });
});
