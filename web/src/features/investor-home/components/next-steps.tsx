import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import type { CurrentUser } from '@tranche/shared/user/user.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HomeSection } from './home-section';

type StepId = 'profile' | 'browse' | 'mfa' | 'investorProfile';

interface Step {
  id: StepId;
  /** Done, to do, or shown as what will come (a later issue builds it). */
  status: 'done' | 'todo' | 'later';
  to?: string;
}

/**
 * What a new investor does first, each step linked to where it is done today; steps that later
 * work will open are listed as coming, so the investor knows what to expect.
 */
export const stepsFor = (
  user: Pick<CurrentUser, 'phone' | 'mfaMethods'>,
  savedFunds: number,
  /** Whether a profile has gone to review (or been decided): a draft still leaves the step to do. */
  profileSubmitted: boolean,
): Step[] => [
  { id: 'profile', status: user.phone ? 'done' : 'todo', to: '/account?tab=profile' },
  { id: 'browse', status: savedFunds > 0 ? 'done' : 'todo', to: '/' },
  { id: 'mfa', status: user.mfaMethods.length > 0 ? 'done' : 'todo', to: '/account?tab=security' },
  { id: 'investorProfile', status: profileSubmitted ? 'done' : 'todo', to: '/profiles' },
];

// Outlined in a dark shade of each colour: 4.5:1 and more on white, whatever the brand colour.
const BADGE = { done: 'teal.9', todo: 'brand.8', later: 'gray.7' } as const;

export const NextSteps = ({ steps }: { steps: Step[] }) => {
  const { t } = useTranslation();
  const label = {
    done: t('investorHome.stepDone'),
    todo: t('investorHome.stepToDo'),
    later: t('investorHome.stepLater'),
  };
  return (
    <HomeSection title={t('investorHome.nextStepsHeading')}>
      <Text size="sm" c="dimmed" mt={-8}>
        {t('investorHome.nextStepsIntro')}
      </Text>
      <List type="ordered" listStyleType="none" spacing="md" p={0} m={0}>
        {steps.map((step) => (
          <List.Item key={step.id} styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{t(`investorHome.steps.${step.id}.title`)}</Text>
                  <Badge color={BADGE[step.status]} variant="outline" radius="sm" miw="max-content">
                    {label[step.status]}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`investorHome.steps.${step.id}.body`)}
                </Text>
              </Stack>
              {step.to && step.status === 'todo' && (
                <Button component={Link} to={step.to} variant="light" size="xs">
                  {t(`investorHome.steps.${step.id}.action`)}
                </Button>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
    </HomeSection>
  );
};
