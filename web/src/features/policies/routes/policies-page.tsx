import { Anchor, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { PageLoader } from '@/components/page-loader';
import { useCurrentPolicies, useSearchPolicies } from '@/features/policies/api/get-policies';
import { PolicyMeta } from '@/features/policies/components/policy-meta';
import { usePoliciesLocales } from '@/features/policies/locales';
import { useTenant } from '@/features/tenant';
import { useErrorText, useLang } from '@/i18n/use-lang';
import { localized } from '@/lib/localized';

/** The tenant's published policies, with a search over their text (`?q=` keeps it in the address). */
const PoliciesPage = () => {
  usePoliciesLocales();
  const { t } = useTranslation();
  const lang = useLang();
  const tenant = useTenant();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const [text, setText] = useState(q);
  const [debounced] = useDebouncedValue(text, 300);
  useDocumentTitle(t('policies.title'));

  // Typing searches after a pause; the address follows, replacing rather than stacking history.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the typing settles, not when the address changes
  useEffect(() => {
    const next = debounced.trim();
    if (next === q) return;
    setParams(next ? { q: next } : {}, { replace: true });
  }, [debounced]);
  // Back/forward to another search shows its words.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the address changes
  useEffect(() => {
    if (q !== text.trim()) setText(q);
  }, [q]);

  const current = useCurrentPolicies();
  const search = useSearchPolicies(tenant.tenantId, q);
  const { data, error, isLoading, mutate } = q ? search : current;
  const errorText = useErrorText(error);

  const clear = () => {
    setText('');
    setParams({}, { replace: true });
  };

  let content: ReactNode;
  if (error)
    content = (
      <ErrorState
        title={t('app.errorTitle')}
        message={errorText}
        retryLabel={t('app.retry')}
        onRetry={() => void mutate()}
      />
    );
  else if (isLoading || !data) content = <PageLoader label={t('policies.loading')} />;
  else if (data.items.length === 0)
    content = q ? (
      <NoticePanel
        title={t('policies.noMatchesTitle')}
        action={
          <Button variant="default" onClick={clear}>
            {t('policies.clearSearch')}
          </Button>
        }
      >
        {t('policies.noMatchesBody', { q })}
      </NoticePanel>
    ) : (
      <NoticePanel title={t('policies.emptyTitle')}>{t('policies.emptyBody')}</NoticePanel>
    );
  else
    content = (
      <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
        {data.items.map((policy) => {
          const title = localized(policy.title, lang);
          return (
            <Paper component="li" key={policy.policyId} withBorder radius="md" p="lg">
              <Stack gap="xs">
                <Title order={2} size="h4" lang={policy.title[lang] ? undefined : 'en'}>
                  <Anchor component={Link} to={`/policies/${policy.policyId}`} inherit>
                    {title}
                  </Anchor>
                </Title>
                <PolicyMeta policy={policy} />
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    );

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t('policies.title')}</Title>
          <Text c="dimmed">{t('policies.intro')}</Text>
        </Stack>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some of the browsers we support */}
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            const next = text.trim();
            setParams(next ? { q: next } : {}, { replace: true });
          }}
        >
          <TextInput
            type="search"
            label={t('policies.search')}
            placeholder={t('policies.searchPlaceholder')}
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        </form>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {data && !error ? t('policies.count', { count: data.items.length }) : ''}
        </Text>
        {content}
      </Stack>
    </Container>
  );
};
export default PoliciesPage;
