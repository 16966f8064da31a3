import { Badge, Grid, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { errorMessage } from '@tranche/shared/errors/catalogue';
import type { KycCase, KycSubject } from '@tranche/shared/profile/kyc.schema';
import { BLOCKING_FINDINGS, KYC_CASE_LIFECYCLE } from '@tranche/shared/profile/kyc-case-lifecycle';
import { RISK_FACTOR_LABELS } from '@tranche/shared/profile/kyc-risk';
import { PROFILE_TYPE_LABELS, REQUIREMENT_KIND_LABELS } from '@tranche/shared/profile/profile-enums';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AuditTrail } from '@/components/audit-trail';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { ProfileDocumentsList } from '@/features/documents';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import { useKycCase } from '@/features/gp-kyc/api/kyc-case';
import { DecisionPanel } from '@/features/gp-kyc/components/decision-panel';
import { IdentityBadge } from '@/features/gp-kyc/components/identity-badge';
import { MatchComparison } from '@/features/gp-kyc/components/match-comparison';
import { RiskBadge } from '@/features/gp-kyc/components/risk-badge';
import { StatusBadge } from '@/features/gp-kyc/components/status-badge';
import { readKycHistory } from '@/features/gp-kyc/lib/history';
import { countryName, subjectRoleLabels } from '@/features/gp-kyc/lib/labels';
import { useCurrentUser } from '@/features/session';
import { useTenant } from '@/features/tenant';
import { useLang } from '@/i18n/use-lang';
import { isApiError } from '@/lib/api-error';
import { formatDate, formatDateTime, formatList } from '@/lib/format';

/**
 * One KYC case, in the order a reviewer reads it: who the investor is, why the case is rated as it is,
 * the identity check, each screened subject with its list matches side by side, what was asked for,
 * the history; the decision panel beside it (below it on a phone).
 */
export const KycCasePage = () => {
  const { t } = useTranslation();
  const { caseId } = useParams();
  const { data: kase, error, isLoading, mutate } = useKycCase(caseId);
  useDocumentTitle(kase ? t('gpKyc.case.title', { name: kase.profile.name }) : t('gpKyc.queue.title'));

  if (isAccessError(error)) return <AccessNotice error={error} />;
  if (isApiError(error) && error.status === 404)
    return (
      <Stack maw={640} gap="md">
        <BackLink to="/gp/kyc">{t('gpKyc.case.backToQueue')}</BackLink>
        <NoticePanel title={t('gpKyc.case.notFoundTitle')} headingOrder={1}>
          {t('gpKyc.case.notFoundBody')}
        </NoticePanel>
      </Stack>
    );
  if (error && !kase)
    return (
      <Stack maw={640} gap="md">
        <BackLink to="/gp/kyc">{t('gpKyc.case.backToQueue')}</BackLink>
        <LoadError error={error} onRetry={() => void mutate()} />
      </Stack>
    );
  if (isLoading || !kase)
    return (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('gpKyc.case.loading')}>
        <Skeleton h={36} w="50%" />
        <Skeleton h={120} />
        <Skeleton h={240} />
      </Stack>
    );
  return <CaseView kase={kase} onReload={() => void mutate()} />;
};

const CaseView = ({ kase, onReload }: { kase: KycCase; onReload: () => void }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const { data: user } = useCurrentUser();
  const { tenantId } = useTenant();
  const history = readKycHistory(kase.history, { t, lang, userId: user?.userId });
  const blocking = kase.findings.filter((f) => (BLOCKING_FINDINGS as readonly string[]).includes(f));

  return (
    <Stack gap="lg" maw={1200}>
      <BackLink to="/gp/kyc">{t('gpKyc.case.backToQueue')}</BackLink>
      <Stack gap="xs">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {t('gpKyc.case.title', { name: kase.profile.name })}
        </Title>
        <Group gap="lg" wrap="wrap">
          <Fact label={t('gpKyc.case.status')}>
            <StatusBadge status={kase.status} />
          </Fact>
          <Fact label={t('gpKyc.case.risk')}>
            <RiskBadge rating={kase.riskRating} />
          </Fact>
          <Fact label={t('gpKyc.case.opened')}>{formatDateTime(kase.openedAt, lang)}</Fact>
          <Fact label={t('gpKyc.case.trigger')}>{t(`gpKyc.trigger.${kase.trigger}`)}</Fact>
          {kase.validUntil && <Fact label={t('gpKyc.case.validUntil')}>{formatDate(kase.validUntil, lang)}</Fact>}
        </Group>
      </Stack>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Section title={t('gpKyc.case.profileTitle')}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Fact label={t('gpKyc.case.profileName')}>{kase.profile.name}</Fact>
                <Fact label={t('gpKyc.case.profileType')}>{PROFILE_TYPE_LABELS[kase.profile.type][lang]}</Fact>
                <Fact label={t('gpKyc.case.country')}>
                  {kase.profile.country ? countryName(kase.profile.country, lang) : t('gpKyc.case.noCountry')}
                </Fact>
              </SimpleGrid>
              <Persons subjects={kase.subjects} />
            </Section>

            <Section title={t('gpKyc.case.riskTitle')}>
              {kase.riskFactors.length === 0 ? (
                <Text size="sm">{t('gpKyc.case.noFactors')}</Text>
              ) : (
                <List size="sm" spacing={4}>
                  {kase.riskFactors.map((f) => (
                    <List.Item key={f}>{RISK_FACTOR_LABELS[f][lang]}</List.Item>
                  ))}
                </List>
              )}
              {blocking.length > 0 && (
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {t('gpKyc.case.findingsTitle')}
                  </Text>
                  <List size="sm" spacing={4} c="red.9">
                    {blocking.map((f) => (
                      <List.Item key={f}>{errorMessage(f, lang)}</List.Item>
                    ))}
                  </List>
                </Stack>
              )}
            </Section>

            <Section title={t('gpKyc.case.identityTitle')}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <Fact label={t('gpKyc.case.identityOutcome')}>
                  <IdentityBadge outcome={kase.identity.outcome} />
                </Fact>
                <Fact label={t('gpKyc.case.identityCheckedAt')}>{formatDateTime(kase.identity.checkedAt, lang)}</Fact>
                <Fact label={t('gpKyc.case.identityProvider')}>{kase.identity.provider}</Fact>
                <Fact label={t('gpKyc.case.identityReference')}>
                  <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {kase.identity.reference}
                  </Text>
                </Fact>
                <Fact label={t('gpKyc.case.identityReasons')}>
                  {kase.identity.reasons.length > 0
                    ? formatList(kase.identity.reasons, lang)
                    : t('gpKyc.case.noReasons')}
                </Fact>
              </SimpleGrid>
            </Section>

            <Section title={t('gpKyc.case.screeningTitle')}>
              <Text size="sm" c="dimmed">
                {t('gpKyc.case.screeningIntro', {
                  size: kase.listSize.toLocaleString(lang),
                  version: kase.listVersion,
                })}
              </Text>
              {kase.subjects.map((subject) => (
                <SubjectMatches key={subject.subjectId} subject={subject} />
              ))}
            </Section>

            {kase.documentsRequested && (
              <Section title={t('gpKyc.case.requestedTitle')}>
                {kase.documentsRequested.kinds.length > 0 && (
                  <List size="sm" spacing={4}>
                    {kase.documentsRequested.kinds.map((k) => (
                      <List.Item key={k}>{REQUIREMENT_KIND_LABELS[k][lang]}</List.Item>
                    ))}
                  </List>
                )}
                {kase.documentsRequested.note && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {t('gpKyc.case.requestedNote', { note: kase.documentsRequested.note })}
                  </Text>
                )}
              </Section>
            )}

            <Section title={t('gpKyc.case.documentsTitle')}>
              <ProfileDocumentsList profileId={kase.profileId} tenantId={tenantId} />
            </Section>

            <Section title={t('gpKyc.case.historyTitle')}>
              <AuditTrail
                entries={history}
                lang={lang}
                label={t('gpKyc.case.historyLabel')}
                emptyText={t('gpKyc.case.historyEmpty')}
              />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <div style={{ position: 'sticky', top: 80 }}>
            <Stack gap="md">
              {kase.decision && (
                <Paper withBorder radius="md" p="md">
                  <Stack gap={4}>
                    <Text fw={600}>{t('gpKyc.case.decidedTitle')}</Text>
                    <Text size="sm">
                      {t('gpKyc.case.decidedBy', {
                        decision: KYC_CASE_LIFECYCLE.eventLabel(kase.decision.decision, lang),
                        date: formatDateTime(kase.decision.at, lang),
                      })}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {t('gpKyc.history.reason', { reason: kase.decision.reason })}
                    </Text>
                  </Stack>
                </Paper>
              )}
              <DecisionPanel kase={kase} onReload={onReload} />
            </Stack>
          </div>
        </Grid.Col>
      </Grid>
    </Stack>
  );
};

/** A labelled value: the label above, small and dimmed; the value below. */
const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={2}>
    <Text size="xs" c="dimmed" fw={500}>
      {label}
    </Text>
    <div style={{ fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}>{children}</div>
  </Stack>
);

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
    <Stack gap="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  </Paper>
);

/** Everyone screened besides the investor themself: the entity's persons or the joint holder. */
const Persons = ({ subjects }: { subjects: readonly KycSubject[] }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const persons = subjects.filter((s) => s.role !== 'PROFILE');
  if (persons.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={500}>
        {t('gpKyc.case.persons')}
      </Text>
      <List size="sm" spacing={4}>
        {persons.map((p) => (
          <List.Item key={p.subjectId}>
            {p.name} · {formatList(subjectRoleLabels(p.role, lang), lang)}
            {p.birthDate ? ` · ${p.birthDate}` : ''}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
};

/** One screened subject: who, their rating, and each list entry they matched, side by side. */
const SubjectMatches = ({ subject }: { subject: KycSubject }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const role =
    subject.role === 'PROFILE'
      ? t('gpKyc.case.subjectRole.PROFILE')
      : formatList(subjectRoleLabels(subject.role, lang), lang);
  return (
    <Stack gap="xs" data-subject={subject.subjectId}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <div>
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {subject.name}
          </Title>
          <Text size="xs" c="dimmed">
            {role}
          </Text>
        </div>
        <Group gap="xs">
          <RiskBadge rating={subject.rating} />
          <Badge variant="outline" color="gray.7" radius="sm">
            {t('gpKyc.case.subjectMatches', { count: subject.matches.length })}
          </Badge>
        </Group>
      </Group>
      {subject.matches.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('gpKyc.case.noMatches')}
        </Text>
      ) : (
        [...subject.matches]
          .sort((a, b) => b.score - a.score)
          .map((match) => (
            <MatchComparison
              key={match.entry.entryId}
              subject={subject}
              entry={match.entry}
              match={match}
              headingOrder={4}
            />
          ))
      )}
    </Stack>
  );
};
