import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** One titled part of the account screen, named by its heading for screen readers. */
export const Section = ({ id, title, intro, children }: SectionProps) => (
  <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={`${id}-title`}>
    <Stack gap="md">
      <div>
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed" mt={4}>
            {intro}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  </Paper>
);
