import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTenant } from '@/features/tenant';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Below the card: "Already have an account? Sign in" and the like. */
  footer?: ReactNode;
}

/** The frame of every sign-in, sign-up and password screen: one narrow card with the page's h1. */
export const AuthCard = ({ title, intro, children, footer }: AuthCardProps) => {
  const tenant = useTenant();
  useDocumentTitle(`${title} · ${tenant.branding.displayName}`);
  return (
    <Container size={480} px="md" py={{ base: 'lg', sm: 48 }}>
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 32 }} shadow="xs">
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            {intro && (
              <Text c="dimmed" size="sm" mt={6}>
                {intro}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
      {footer && (
        <Text ta="center" size="sm" mt="lg" component="div">
          {footer}
        </Text>
      )}
    </Container>
  );
};
