import { Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

interface NoticePanelProps {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  headingOrder?: TitleOrder;
  /** `status` for neutral notices (empty lists), `alert` for states that block the page. */
  role?: 'status' | 'alert';
}

/** Empty lists, "not found", "sign in required": a heading, an explanation and one way forward. */
export const NoticePanel = ({ title, children, action, headingOrder = 2, role = 'status' }: NoticePanelProps) => (
  <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} role={role}>
    <Stack align="center" gap="sm" ta="center" maw={520} mx="auto">
      <Title order={headingOrder} size="h3">
        {title}
      </Title>
      <Text c="dimmed">{children}</Text>
      {action}
    </Stack>
  </Paper>
);
