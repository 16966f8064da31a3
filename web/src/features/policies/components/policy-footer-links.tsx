import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentPolicies } from '@/features/policies/api/get-policies';
import { useLang } from '@/i18n/use-lang';
import { localized } from '@/lib/localized';

/**
 * The footer's links to the published policies (privacy, terms…) and to the policies page. In the
 * first download, so it uses only the app's own strings; the screens it links to load on demand.
 */
export const PolicyFooterLinks = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const { data } = useCurrentPolicies();
  return (
    <Group component="nav" aria-label={t('app.footerLinks')} gap="md" mb="xs">
      {data?.items.map((policy) => (
        <Anchor key={policy.policyId} component={Link} to={`/policies/${policy.policyId}`} size="sm" c="dimmed">
          {localized(policy.title, lang)}
        </Anchor>
      ))}
      <Anchor component={Link} to="/policies" size="sm" c="dimmed">
        {t('app.policies')}
      </Anchor>
    </Group>
  );
};
