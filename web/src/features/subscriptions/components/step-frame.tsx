import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/features/session/screens';

export type Intent = 'next' | 'exit';

interface StepFrameProps {
  title: string;
  intro?: ReactNode;
  /** A failure about the whole step (a network error, a step that is no longer current). */
  error: unknown;
  /** What the NIGO check found on this step, in words: shown until the step is saved again. */
  fixes?: readonly string[];
  saving: Intent | 'back' | null;
  onSubmit: (intent: Intent) => void;
  /** Reopens the step before (its answers kept); absent on the first step. */
  onBack?: (() => void) | undefined;
  /** The label of the primary button ("Save and continue" by default). */
  nextLabel?: string;
  /** Steps that save nothing (signing waits) have no "Save and exit", only "Exit". */
  exitOnly?: (() => void) | undefined;
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}

/**
 * A step of the runner: its heading (focused when the step changes, so a screen reader starts
 * there), what went wrong, the fields, and the runner's buttons. "Save and continue" is the form's
 * submit (Enter submits it); "Save and exit" keeps the answers as a draft and leaves.
 */
export const StepFrame = ({
  title,
  intro,
  error,
  fixes,
  saving,
  onSubmit,
  onBack,
  nextLabel,
  exitOnly,
  headingRef,
  children,
}: StepFrameProps) => {
  const { t } = useTranslation();
  const fixesId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit('next');
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h3" ref={headingRef} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {intro && (typeof intro === 'string' ? <Text c="dimmed">{intro}</Text> : intro)}
          {fixes && fixes.length > 0 && (
            <Alert color="orange" variant="light" title={t('subscriptions.runner.review.fixHere')} id={fixesId}>
              <List size="sm">
                {fixes.map((f) => (
                  <List.Item key={f}>{f}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <FormAlert error={error} title={t('subscriptions.runner.saveFailed')} />
          <Stack gap="md">{children}</Stack>
          <Group justify="space-between" gap="sm" mt="md" wrap="wrap-reverse">
            {onBack ? (
              <Button
                variant="subtle"
                onClick={onBack}
                loading={saving === 'back'}
                disabled={saving !== null && saving !== 'back'}
              >
                {t('subscriptions.runner.back')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm" wrap="wrap">
              {exitOnly ? (
                <Button variant="default" onClick={exitOnly} disabled={saving !== null}>
                  {t('subscriptions.runner.exit')}
                </Button>
              ) : (
                <Button
                  variant="default"
                  onClick={() => onSubmit('exit')}
                  loading={saving === 'exit'}
                  disabled={saving !== null && saving !== 'exit'}
                >
                  {t('subscriptions.runner.saveExit')}
                </Button>
              )}
              <Button type="submit" loading={saving === 'next'} disabled={saving !== null && saving !== 'next'}>
                {nextLabel ?? t('subscriptions.runner.next')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
