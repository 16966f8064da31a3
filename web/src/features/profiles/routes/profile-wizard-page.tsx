import { Box, Container, Grid, Group, Progress, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Profile } from '@tranche/shared/profile/profile.schema';
import { PROFILE_TYPE_LABELS } from '@tranche/shared/profile/profile-enums';
import type { RequirementTable } from '@tranche/shared/profile/requirement-levels';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { NotFoundPanel } from '@/components/not-found-panel';
import { useProfileDocuments } from '@/features/documents';
import { useProfile, useRequirementTable } from '@/features/profiles/api/get-profiles';
import { ProfileStatus } from '@/features/profiles/components/profile-status';
import type { Intent, StepProps } from '@/features/profiles/components/step-form';
import { AddressesStep } from '@/features/profiles/components/steps/addresses-step';
import { BankStep } from '@/features/profiles/components/steps/bank-step';
import { ClassificationStep } from '@/features/profiles/components/steps/classification-step';
import { DetailsStep } from '@/features/profiles/components/steps/details-step';
import { DocumentsStep } from '@/features/profiles/components/steps/documents-step';
import { EntityStep } from '@/features/profiles/components/steps/entity-step';
import { MembersStep } from '@/features/profiles/components/steps/members-step';
import { ReviewStep } from '@/features/profiles/components/steps/review-step';
import { TaxStep } from '@/features/profiles/components/steps/tax-step';
import { isStepComplete } from '@/features/profiles/lib/completeness';
import { isEditable } from '@/features/profiles/lib/profile-state';
import { resumeStep, STEP_IDS, type StepId, stepAfter, stepsFor } from '@/features/profiles/lib/requirements';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { notifications } from '@/lib/notifications';

const isStepId = (v: string | null): v is StepId => (STEP_IDS as readonly (string | null)[]).includes(v);

/** /profiles/:profileId: the profile's wizard, at `?step=` or where the investor left off. */
export const ProfileWizardPage = () => {
  const { t } = useTranslation();
  const { profileId } = useParams();
  const { data: profile, error, isLoading, mutate } = useProfile(profileId);
  const requirements = useRequirementTable(profile?.type);

  let content: React.ReactNode;
  if (isApiError(error) && error.status === 404)
    content = (
      <NotFoundPanel title={t('profiles.notFoundTitle')} backTo="/profiles" backLabel={t('profiles.backToList')}>
        {t('profiles.notFoundBody')}
      </NotFoundPanel>
    );
  else if (error || requirements.error)
    content = (
      <LoadError
        error={error ?? requirements.error}
        onRetry={() => {
          void mutate();
          void requirements.mutate();
        }}
      />
    );
  else if (isLoading || !profile || !requirements.table)
    content = (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('profiles.loadingOne')}>
        <Skeleton h={32} w="50%" />
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, sm: 4 }} visibleFrom="sm">
            <Skeleton h={320} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <Skeleton h={360} radius="md" />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  else content = <Wizard profile={profile} table={requirements.table} />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <BackLink to="/profiles">{t('profiles.backToList')}</BackLink>
        {content}
      </Stack>
    </Container>
  );
};

const Wizard = ({ profile, table }: { profile: Profile; table: RequirementTable }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const steps = stepsFor(profile.type, table);
  const documents = useProfileDocuments(profile.profileId);
  const documentKinds = useMemo(() => new Set((documents.data?.items ?? []).map((d) => d.kind)), [documents.data]);
  const complete = (s: StepId) => isStepComplete(s, profile, table, documentKinds);
  const asked = params.get('step');
  const step: StepId = isStepId(asked) && steps.includes(asked) ? asked : resumeStep(steps, complete);
  const index = steps.indexOf(step);
  const typeLabel = PROFILE_TYPE_LABELS[profile.type][lang];
  const title = profile.name || t(`profiles.create.${profile.type}`);
  useDocumentTitle(`${t(`profiles.steps.${step}`)} · ${title} · ${tenant.branding.displayName}`);

  const firstRender = useRef(true);
  // A new step starts screen readers and keyboards at its heading, not at the page's top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on step change only
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);
  // Documents are added beside the profile (their own routes): read them again where they count.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on step change only
  useEffect(() => {
    if (step === 'documents' || step === 'review') void documents.mutate();
  }, [step]);

  const goTo = (next: StepId) => setParams({ step: next });
  const onSaved = (_saved: Profile, intent: Intent) => {
    if (intent === 'exit') {
      notifications.show({ message: t('profiles.wizard.saved'), color: 'green' });
      void navigate('/profiles');
      return;
    }
    const next = stepAfter(steps, step);
    if (next) goTo(next);
  };
  const previous = index > 0 ? steps[index - 1] : undefined;
  const stepProps: StepProps = {
    profile,
    readOnly: !isEditable(profile.state),
    onSaved,
    onBack: previous ? () => goTo(previous) : undefined,
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Title order={1} ref={headingRef} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {typeLabel}
          </Text>
        </Stack>
        <ProfileStatus state={profile.state} validationStatus={profile.validationStatus} />
      </Group>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
          {/* Phones: where you are and how far; wider screens: every step, each one a way back to it. */}
          <Box hiddenFrom="sm">
            <Text size="sm" fw={600}>
              {t('profiles.wizard.stepOf', { current: index + 1, total: steps.length })}
            </Text>
            <Progress
              value={((index + 1) / steps.length) * 100}
              mt={6}
              aria-label={t('profiles.wizard.stepOf', { current: index + 1, total: steps.length })}
            />
          </Box>
          <Box visibleFrom="sm" component="nav" aria-label={t('profiles.wizard.stepsLabel')}>
            <Stepper
              active={index}
              onStepClick={(i) => {
                const target = steps[i];
                if (target) goTo(target);
              }}
              orientation="vertical"
              size="sm"
            >
              {steps.map((s, i) => (
                <Stepper.Step
                  key={s}
                  label={t(`profiles.steps.${s}`)}
                  // The Stepper ticks every step before the current one; a step still to do keeps its number.
                  completedIcon={complete(s) ? undefined : i + 1}
                  description={s !== 'review' && s !== step && !complete(s) ? t('profiles.wizard.toDo') : undefined}
                  aria-current={s === step ? 'step' : undefined}
                />
              ))}
            </Stepper>
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
          {/* Keyed by step: each step's form starts from the profile as saved. */}
          <StepBody
            key={`${step}-${profile.profileId}`}
            step={step}
            steps={steps}
            table={table}
            documentKinds={documentKinds}
            {...stepProps}
            onGoTo={goTo}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

const StepBody = ({
  step,
  steps,
  table,
  documentKinds,
  onGoTo,
  ...props
}: StepProps & {
  step: StepId;
  steps: StepId[];
  table: RequirementTable;
  documentKinds: ReadonlySet<string>;
  onGoTo: (step: StepId) => void;
}) => {
  switch (step) {
    case 'details':
      return <DetailsStep table={table} {...props} />;
    case 'entity':
      return <EntityStep table={table} {...props} />;
    case 'members':
      return <MembersStep table={table} {...props} />;
    case 'tax':
      return <TaxStep table={table} {...props} />;
    case 'addresses':
      return <AddressesStep table={table} {...props} />;
    case 'bank':
      return <BankStep table={table} {...props} />;
    case 'classification':
      return <ClassificationStep {...props} />;
    case 'documents':
      return <DocumentsStep table={table} documentKinds={documentKinds} {...props} />;
    case 'review':
      return <ReviewStep table={table} steps={steps} documentKinds={documentKinds} onGoTo={onGoTo} {...props} />;
  }
};
