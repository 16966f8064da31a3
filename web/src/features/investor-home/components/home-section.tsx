import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface HomeSectionProps {
  title: string;
  /** Beside the heading: a count, a link to the whole list. */
  aside?: ReactNode;
  children: ReactNode;
}

/** One block of the home page: a named region with its h2, so each is a landmark to jump to. */
export const HomeSection = ({ title, aside, children }: HomeSectionProps) => {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
};

interface EmptyStateProps {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}

/** What a section will hold once there is something: said plainly, with one way forward if there is one. */
export const EmptyState = ({ title, children, action }: EmptyStateProps) => (
  <Stack gap={6} align="flex-start">
    <Title order={3} size="h6">
      {title}
    </Title>
    <Text size="sm" c="dimmed">
      {children}
    </Text>
    {action}
  </Stack>
);
