import { Badge, Group, Text } from '@mantine/core';
import type { PublicPolicy } from '@tranche/shared/tenant/policy.schema';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/i18n/use-lang';
import { formatDate } from '@/lib/format';

/** Kind, version and effective date of a published policy. */
export const PolicyMeta = ({ policy }: { policy: PublicPolicy }) => {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Group gap="xs">
      <Badge variant="light" radius="sm">
        {t(`policyKind.${policy.kind}`)}
      </Badge>
      <Text size="sm" c="dimmed">
        {t('policies.version', { version: policy.version })}
        {' · '}
        {t('policies.effective', { date: formatDate(policy.publishedAt, lang) })}
      </Text>
    </Group>
  );
};
