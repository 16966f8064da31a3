import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/i18n/use-lang';

interface ConfirmDeleteModalProps<T> {
  /** The thing to delete; the modal is open while it is set. */
  item: T | null;
  title: string;
  /** The question, naming the thing. */
  body: (item: T) => string;
  onClose: () => void;
  /** Deletes the item (and says so); a thrown error is shown in the modal. */
  onConfirm: (item: T) => Promise<void>;
  /** Runs after the modal has closed on success (reload the list). */
  onDeleted: () => Promise<unknown>;
}

/** "Delete X?" with Cancel / Delete; the error of a failed delete stays in the modal. */
export const ConfirmDeleteModal = <T,>({
  item,
  title,
  body,
  onClose,
  onConfirm,
  onDeleted,
}: ConfirmDeleteModalProps<T>) => (
  <Modal opened={item !== null} onClose={onClose} title={title} centered>
    {item !== null && (
      <ConfirmDeleteBody item={item} body={body} onClose={onClose} onConfirm={onConfirm} onDeleted={onDeleted} />
    )}
  </Modal>
);

const ConfirmDeleteBody = <T,>({
  item,
  body,
  onClose,
  onConfirm,
  onDeleted,
}: Omit<ConfirmDeleteModalProps<T>, 'item' | 'title'> & { item: T }) => {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const errorText = useErrorText(error);

  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm(item);
      onClose();
      await onDeleted();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">{body(item)}</Text>
      {error !== null && (
        <Alert color="red" variant="light" role="alert">
          {errorText}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('gpProducts.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={() => void remove()}>
          {t('gpProducts.delete')}
        </Button>
      </Group>
    </Stack>
  );
};
