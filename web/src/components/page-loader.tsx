import { Center, Loader, Stack, Text } from '@mantine/core';

/** A whole-area loading state that screen readers announce once. */
export const PageLoader = ({ label }: { label: string }) => (
  <Center mih="50vh" role="status" aria-live="polite">
    <Stack align="center" gap="xs">
      <Loader aria-hidden />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </Stack>
  </Center>
);
