import { Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import useSWR from 'swr';
import { LoadError } from '@/components/error-state';
import { NoticePanel } from '@/components/notice-panel';
import { EmbeddedSigning } from '@/features/subscriptions/components/embedded-signing';
import { label } from '@/features/subscriptions/components/form-element';
import { useSubscriptionsLocales } from '@/features/subscriptions/locales';
import { useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { isApiError } from '@/lib/api-error';

/** The spec's two refusals of a temp-token link, said plainly (the catalogue's words are for developers). */
const LINK_ERRORS = new Set(['TEMP_TOKEN_ERROR', 'TEMP_TOKEN_EXPIRED']);

/**
 * A joint holder's or an authorised signatory's step, from the link emailed to them
 * (`/scenario-link/<token>`, issue 13 deliverable 6): no account needed. A sign step embeds the
 * signer view of e-signature with the signing link the token opens (the emailed code is asked again
 * there); the journey moves on by itself once every signer has signed. Unknown, used or expired links
 * say so and what to do.
 */
const ScenarioLinkPage = () => {
  useSubscriptionsLocales();
  const { t } = useTranslation();
  const lang = useLang();
  useDocumentTitle(t('subscriptions.runner.link.title'));
  const { token = '' } = useParams();
  const [signed, setSigned] = useState(false);
  const step = useSWR(['public', 'scenario-link', token], () => apiFetch('queryByTempToken', { body: { token } }), {
    revalidateOnFocus: false,
    // While the signing worker prepares the documents, the link is read again.
    refreshInterval: (data) => (data?.signing?.state === 'PREPARING' ? 2000 : 0),
  });

  let body: React.ReactNode;
  if (step.error) {
    const code = isApiError(step.error) ? step.error.code : undefined;
    body =
      code && LINK_ERRORS.has(code) ? (
        <NoticePanel title={t('subscriptions.runner.link.errorTitle')} role="alert">
          {t(`subscriptions.runner.link.${code as 'TEMP_TOKEN_ERROR'}`)}
        </NoticePanel>
      ) : (
        <LoadError error={step.error} onRetry={() => void step.mutate()} />
      );
  } else if (!step.data) {
    body = (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>{t('subscriptions.runner.link.loading')}</Text>
      </Group>
    );
  } else {
    const { node, signing } = step.data;
    const documentTitle = label(node.documentTitle as { en: string; 'zh-CN': string } | undefined, lang);
    body = (
      <Stack gap="md">
        <Title order={2} size="h3">
          {label(node.title, lang)}
        </Title>
        {documentTitle && <Text fw={600}>{documentTitle}</Text>}
        {node.kind !== 'SIGN' ? (
          <Text>{t('subscriptions.runner.link.other')}</Text>
        ) : signed || signing?.signed || signing?.state === 'COMPLETED' ? (
          <NoticePanel title={t('subscriptions.runner.sign.signed')}>{t('subscriptions.runner.link.done')}</NoticePanel>
        ) : signing?.projectId && signing.signerId && signing.link ? (
          <EmbeddedSigning
            projectId={signing.projectId}
            signerId={signing.signerId}
            link={signing.link}
            onSigned={() => setSigned(true)}
          />
        ) : signing?.state === 'PREPARING' ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('subscriptions.runner.sign.preparing')}</Text>
          </Group>
        ) : (
          <Text>
            {t(
              `subscriptions.runner.sign.ended.${signing?.state === 'VOIDED' ? 'VOIDED' : signing?.state === 'EXPIRED' ? 'EXPIRED' : 'DECLINED'}`,
            )}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Container size="md" px={{ base: 'xs', sm: 'md' }} py="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('subscriptions.runner.link.title')}</Title>
          <Text c="dimmed">{t('subscriptions.runner.link.intro')}</Text>
        </Stack>
        {body}
      </Stack>
    </Container>
  );
};
export default ScenarioLinkPage;
