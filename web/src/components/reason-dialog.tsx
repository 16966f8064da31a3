import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useErrorText } from '@/i18n/use-lang';

export interface ReasonDialogProps {
  /** Open while this is true; each opening starts with an empty reason. */
  opened: boolean;
  title: string;
  /** The name of the dialog's × (a button needs one for screen readers). */
  closeLabel: string;
  /** What the decision does and who reads the reason. */
  intro?: ReactNode;
  reasonLabel: string;
  /** Said on the field when the reason is left empty (the APIs refuse a decision without one). */
  reasonRequired: string;
  maxLength: number;
  /** The last attempt's failure (the catalogue's message is shown), or undefined before one. */
  error?: unknown;
  errorTitle?: string;
  cancelLabel: string;
  confirmLabel: string;
  confirmColor?: string;
  busy: boolean;
  onClose: () => void;
  /** Called with the trimmed reason, never an empty one. */
  onConfirm: (reason: string) => void;
  /** Further fields of the decision, below the reason (a request's named documents). */
  children?: ReactNode;
}

/**
 * A decision that needs a reason, asked in a dialog: the intro, the required reason (checked here
 * before anything is sent, so an empty one is said on the field), any further fields, the last
 * failure, then Cancel and the confirming button (Enter in the form confirms too). The manager's
 * refusals and resets share it, so they read and behave alike.
 */
export const ReasonDialog = ({ opened, onClose, title, closeLabel, ...rest }: ReasonDialogProps) => (
  <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': closeLabel }}>
    {/* Mounted only while open: a new opening is a new form, with an empty reason. */}
    {opened && <ReasonForm onClose={onClose} {...rest} />}
  </Modal>
);

const ReasonForm = ({
  intro,
  reasonLabel,
  reasonRequired,
  maxLength,
  error,
  errorTitle,
  cancelLabel,
  confirmLabel,
  confirmColor,
  busy,
  onClose,
  onConfirm,
  children,
}: Omit<ReasonDialogProps, 'opened' | 'title' | 'closeLabel'>) => {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const failure = useErrorText(error);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const trimmed = reason.trim();
        if (!trimmed) {
          setMissing(true);
          return;
        }
        onConfirm(trimmed);
      }}
    >
      <Stack gap="md">
        {intro && <Text size="sm">{intro}</Text>}
        {error !== undefined && error !== null && (
          <Alert color="red" variant="light" role="alert" title={errorTitle}>
            <Text size="sm">{failure}</Text>
          </Alert>
        )}
        {/* A plain textarea of three rows: Mantine's autosize measures a window the tests' DOM lacks. */}
        <Textarea
          label={reasonLabel}
          required
          rows={3}
          maxLength={maxLength}
          value={reason}
          error={missing ? reasonRequired : undefined}
          // Mantine's error red is 3.3:1 on white; the darkest red keeps the message at 4.5:1 (WCAG AA).
          errorProps={{ c: 'red.9' }}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setMissing(false);
          }}
          data-autofocus
        />
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" color={confirmColor} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
