import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { NotFoundPanel } from '@/components/not-found-panel';
import { PageLoader } from '@/components/page-loader';
import { useCurrentPolicies } from '@/features/policies/api/get-policies';
import { PolicyMeta } from '@/features/policies/components/policy-meta';
import { usePoliciesLocales } from '@/features/policies/locales';
import { useLang } from '@/i18n/use-lang';
import { localized } from '@/lib/localized';

/** Plain text, paragraphs separated by blank lines (never HTML). */
const paragraphs = (body: string) =>
  body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/** One published policy's current version, in the UI language when it has that text, else English. */
const PolicyPage = () => {
  usePoliciesLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const { policyId } = useParams();
  const { data, error, isLoading, mutate } = useCurrentPolicies();
  const policy = data?.items.find((p) => p.policyId === policyId);
  useDocumentTitle(policy ? localized(policy.title, lang) : t('policies.title'));

  const back = <BackLink to="/policies">{t('policies.backToPolicies')}</BackLink>;

  let content: ReactNode;
  if (error) content = <LoadError error={error} onRetry={() => void mutate()} />;
  else if (isLoading || !data) content = <PageLoader label={t('policies.loading')} />;
  else if (!policy)
    content = (
      <NotFoundPanel title={t('policies.notFoundTitle')} backTo="/policies" backLabel={t('policies.backToPolicies')}>
        {t('policies.notFoundBody')}
      </NotFoundPanel>
    );
  else {
    // English is the fallback: say so, and mark it so screen readers pronounce it as English.
    const titleLang = policy.title[lang] ? undefined : 'en';
    const bodyLang = policy.body[lang] ? undefined : 'en';
    content = (
      <Stack component="article" gap="lg">
        <Stack gap="xs">
          <Title order={1} lang={titleLang}>
            {localized(policy.title, lang)}
          </Title>
          <PolicyMeta policy={policy} />
          {bodyLang && lang !== 'en' && (
            <Text size="sm" c="dimmed">
              {t('policies.englishOnly')}
            </Text>
          )}
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack gap="md" lang={bodyLang} maw={720}>
            {paragraphs(localized(policy.body, lang)).map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one immutable version
              <Text key={i} style={{ whiteSpace: 'pre-line' }}>
                {p}
              </Text>
            ))}
          </Stack>
        </Paper>
        {policy.requireAcceptance && (
          <Text size="sm" c="dimmed">
            {t('policies.requiresAcceptance')}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        {/* A missing policy's panel has its own way back: one link, not two. */}
        {(policy || !data) && back}
        {content}
      </Stack>
    </Container>
  );
};
export default PolicyPage;
