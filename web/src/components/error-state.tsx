import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/i18n/use-lang';

interface ErrorStateProps {
  title: string;
  message: string;
  /** Shown small under the message, for support ("Reference: …"). */
  reference?: string | undefined;
  retryLabel?: string;
  onRetry?: () => void;
}

/** A failed load: what went wrong in the user's language, and a way to try again. */
export const ErrorState = ({ title, message, reference, retryLabel, onRetry }: ErrorStateProps) => (
  <Alert color="red" variant="light" title={title} role="alert">
    <Stack gap="sm">
      <Text size="sm">{message}</Text>
      {reference && (
        <Text size="xs" c="dimmed">
          {reference}
        </Text>
      )}
      {onRetry && retryLabel && (
        <Group>
          {/* red.9 on white: 5.6:1 (red.6 was 3.3:1, under WCAG AA for small text). */}
          <Button variant="white" color="red.9" size="xs" onClick={onRetry}>
            {retryLabel}
          </Button>
        </Group>
      )}
    </Stack>
  </Alert>
);

/** A failed load of a screen's data: the catalogue message of `error` in the UI language, and "Try again". */
export const LoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation();
  const message = useErrorText(error);
  return <ErrorState title={t('app.errorTitle')} message={message} retryLabel={t('app.retry')} onRetry={onRetry} />;
};
