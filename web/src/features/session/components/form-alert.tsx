import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';

/**
 * A failed submission that is about the whole form (a lockout, a throttle, an expired link): the
 * catalogue message in the current language, with when to try again if the API says so.
 */
export const FormAlert = ({ error, title }: { error: unknown; title?: string }) => {
  const { t } = useTranslation();
  const message = useErrorText(error);
  if (!error) return null;
  const retryAfter = isApiError(error) ? error.details.retryAfterSeconds : undefined;
  const minutes = typeof retryAfter === 'number' && retryAfter > 0 ? Math.ceil(retryAfter / 60) : undefined;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Text size="sm">{message}</Text>
      {minutes !== undefined && (
        <Text size="sm" mt={4}>
          {t('session.retryInMinutes', { count: minutes })}
        </Text>
      )}
    </Alert>
  );
};
