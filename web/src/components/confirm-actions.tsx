import { Alert, Button, Group, Text } from '@mantine/core';
import { useErrorText } from '@/i18n/use-lang';

export interface ConfirmActionsProps {
  /** The last attempt's failure, or null before one. */
  failure: unknown;
  /** A failure that means someone else acted first (a 409): the dialog offers to reload, not a message. */
  isConflict: (error: unknown) => boolean;
  conflictTitle: string;
  conflictBody: string;
  reloadLabel: string;
  /** Reads the record again; the dialog is closed first (it was about the version that lost). */
  onReload: () => void;
  cancelLabel: string;
  onCancel: () => void;
  confirmLabel: string;
  confirmColor?: string;
  busy: boolean;
  disabled?: boolean;
  /** Omitted: the confirm button submits the form the actions sit in (Enter confirms too). */
  onConfirm?: () => void;
}

/**
 * The foot of a confirmation dialog, as the console's and the portal's dialogs share it: what went
 * wrong with the last attempt (a conflict explained with a way to reload, anything else as the
 * catalogue's message, both announced as alerts), then Cancel and the confirming button.
 */
export const ConfirmActions = ({
  failure,
  isConflict,
  conflictTitle,
  conflictBody,
  reloadLabel,
  onReload,
  cancelLabel,
  onCancel,
  confirmLabel,
  confirmColor,
  busy,
  disabled = false,
  onConfirm,
}: ConfirmActionsProps) => {
  const failureText = useErrorText(failure);
  return (
    <>
      {failure !== null &&
        failure !== undefined &&
        (isConflict(failure) ? (
          <Alert color="orange" variant="light" title={conflictTitle} role="alert">
            <Text size="sm">{conflictBody}</Text>
            <Button
              mt="sm"
              size="xs"
              variant="white"
              color="orange"
              onClick={() => {
                onCancel();
                onReload();
              }}
            >
              {reloadLabel}
            </Button>
          </Alert>
        ) : (
          <Alert color="red" variant="light" role="alert">
            {failureText}
          </Alert>
        ))}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button
          {...(onConfirm ? { onClick: onConfirm } : { type: 'submit' as const })}
          color={confirmColor}
          loading={busy}
          disabled={disabled}
        >
          {confirmLabel}
        </Button>
      </Group>
    </>
  );
};
