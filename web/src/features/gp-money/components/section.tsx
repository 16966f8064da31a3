import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A framed part of a money page with its h2 and an optional action beside the heading. */
export const Section = ({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) => (
  <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section">
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  </Paper>
);

/** One label and value of a description list (`<dl>`): a call's or a distribution's facts. */
export const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <Text component="dt" size="sm" c="dimmed">
      {label}
    </Text>
    <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  </div>
);
