import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface StepFooterProps {
  /** Goes to the step before, without saving (nothing changed there is lost: it was saved when left). */
  onBack?: (() => void) | undefined;
  /** Saves, then leaves for the list: the profile resumes here next time. */
  onSaveExit: () => void;
  saving: 'next' | 'exit' | null;
  /** A frozen profile: the buttons move between steps and back to the list without saving. */
  readOnly?: boolean;
}

/**
 * The buttons under every step's form. "Save and continue" is the form's submit button (Enter
 * submits it); "Save and exit" saves the same way and returns to the list.
 */
export const StepFooter = ({ onBack, onSaveExit, saving, readOnly = false }: StepFooterProps) => {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="sm" mt="md" wrap="wrap-reverse">
      {onBack ? (
        <Button variant="subtle" onClick={onBack} disabled={saving !== null}>
          {t('profiles.wizard.back')}
        </Button>
      ) : (
        <span />
      )}
      <Group gap="sm" wrap="wrap">
        <Button variant="default" onClick={onSaveExit} loading={saving === 'exit'} disabled={saving === 'next'}>
          {readOnly ? t('profiles.wizard.exit') : t('profiles.wizard.saveExit')}
        </Button>
        <Button type="submit" loading={saving === 'next'} disabled={saving === 'exit'}>
          {readOnly ? t('profiles.wizard.nextReadOnly') : t('profiles.wizard.next')}
        </Button>
      </Group>
    </Group>
  );
};
