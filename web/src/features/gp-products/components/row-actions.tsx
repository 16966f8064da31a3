import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface RowActionProps {
  /** The row's name, for the button's accessible label. */
  name: string;
  onClick: () => void;
}

/** A table row's "Edit" button (or "Rename", for things that only have a name). */
export const RowEditButton = ({ name, onClick, rename = false }: RowActionProps & { rename?: boolean }) => {
  const { t } = useTranslation();
  return (
    <Button
      size="compact-sm"
      variant="light"
      aria-label={rename ? t('gpProducts.renameOf', { name }) : t('gpProducts.editOf', { name })}
      onClick={onClick}
    >
      {rename ? t('gpProducts.rename') : t('gpProducts.edit')}
    </Button>
  );
};

/** A table row's "Delete" button; it only asks, the confirm modal deletes. */
export const RowDeleteButton = ({ name, onClick }: RowActionProps) => {
  const { t } = useTranslation();
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red"
      aria-label={t('gpProducts.deleteOf', { name })}
      onClick={onClick}
    >
      {t('gpProducts.delete')}
    </Button>
  );
};
