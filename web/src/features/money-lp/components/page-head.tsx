import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { MoneyNav } from './money-nav';

/** The head of a money page: its h1, what it shows, and the money pages' menu. */
export const PageHead = ({ title, intro, aside }: { title: string; intro?: ReactNode; aside?: ReactNode }) => (
  <Stack gap="sm">
    <MoneyNav />
    <Stack gap={4}>
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {intro && (
        <Text c="dimmed" maw={760}>
          {intro}
        </Text>
      )}
    </Stack>
    {aside}
  </Stack>
);
