import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';

export const isVersionConflict = (error: unknown) => isApiError(error) && error.code === 'VERSION_CONFLICT';

/**
 * A failed save. A version conflict (someone else saved first) says so and offers to reload their
 * version; anything else shows the catalogue message.
 */
export const SaveErrorAlert = ({ error, onReload }: { error: unknown; onReload: () => void }) => {
  const { t } = useTranslation();
  const message = useErrorText(error);
  if (!error) return null;
  if (isVersionConflict(error))
    return (
      <Alert color="orange" variant="light" title={t('gpProducts.conflict.title')} role="alert">
        <Text size="sm">{t('gpProducts.conflict.body')}</Text>
        <Group mt="sm">
          <Button size="xs" variant="white" color="orange" onClick={onReload}>
            {t('gpProducts.conflict.reload')}
          </Button>
        </Group>
      </Alert>
    );
  return (
    <Alert color="red" variant="light" title={t('gpProducts.saveFailed')} role="alert">
      <Text size="sm">{message}</Text>
    </Alert>
  );
};
