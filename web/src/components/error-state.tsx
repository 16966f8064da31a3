import { Alert, Button, Group, Stack, Text } from '@mantine/core';

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
          <Button variant="white" color="red" size="xs" onClick={onRetry}>
            {retryLabel}
          </Button>
        </Group>
      )}
    </Stack>
  </Alert>
);
