import { Anchor, Badge, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ChecklistGap, PublishCheck, PublishChecklist } from '@tranche/shared/product/publish-checklist';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '@/i18n/use-lang';
import { localized } from '@/lib/localized';

/** Where each check is fixed: the product tab that holds what is missing. */
const FIX_TAB: Record<PublishCheck['id'], string> = {
  shareClasses: 'share-classes',
  contract: 'contract',
  documents: 'documents',
  documentsReady: 'documents',
  minimumInvestment: '',
  currencies: '',
  closingDate: '',
  description: '',
  chineseText: '',
};

const Mark = ({ check }: { check: PublishCheck }) => {
  const [color, path] = check.ok
    ? ['teal', 'M5 12l5 5 9-10']
    : check.level === 'required'
      ? ['red', 'M7 7l10 10M17 7L7 17']
      : ['orange', 'M12 6v8M12 18v.5'];
  return (
    <ThemeIcon size={20} radius="xl" variant={check.ok ? 'filled' : 'light'} color={color} aria-hidden>
      <svg aria-hidden width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
        <path d={path} />
      </svg>
    </ThemeIcon>
  );
};

/** One gap as a line: "Share class ‘Class A’: the name", "Document ‘Deck’: still uploading". */
const useGapText = () => {
  const { t } = useTranslation();
  const lang = useLang();
  return (gap: ChecklistGap): string => {
    const where =
      gap.subject === 'product' || gap.subject === 'contract'
        ? t(`gpProducts.checklist.subject.${gap.subject}`)
        : gap.name
          ? t(`gpProducts.checklist.named.${gap.subject}`, { name: localized(gap.name, lang) })
          : t(`gpProducts.checklist.unnamed.${gap.subject}`);
    const what =
      gap.field === 'state' && gap.value
        ? t(`gpProducts.checklist.documentState.${gap.value as 'UPLOADING' | 'REJECTED' | 'READY'}`)
        : gap.field
          ? [t(`gpProducts.history.fields.${gap.field.split('.')[0]}` as never), gap.value].filter(Boolean).join(' ')
          : t('gpProducts.checklist.open');
    return t('gpProducts.checklist.gap', { where, what });
  };
};

interface PublishChecklistViewProps {
  checklist: PublishChecklist;
  /** The product's console address, for the links to the tab that fixes each open item. */
  productPath: string;
  /** Called when a fix link is followed (the dialog closes). */
  onNavigate?: () => void;
}

/** The checklist as a list: each check done or open, required or recommended, with what is missing and where to fix it. */
export const PublishChecklistView = ({ checklist, productPath, onNavigate }: PublishChecklistViewProps) => {
  const { t } = useTranslation();
  const gapText = useGapText();
  return (
    <List
      spacing="sm"
      listStyleType="none"
      aria-label={t('gpProducts.checklist.title')}
      styles={{ itemWrapper: { alignItems: 'flex-start', width: '100%' }, itemLabel: { flex: 1 } }}
    >
      {checklist.checks.map((check) => {
        const label = t(`gpProducts.checklist.checks.${check.id}.label`);
        const tab = FIX_TAB[check.id];
        return (
          <List.Item key={check.id} icon={<Mark check={check} />} data-check={check.id}>
            <Stack gap={2}>
              <Group gap="xs" wrap="wrap" justify="space-between">
                <Text size="sm" fw={check.ok ? 400 : 600}>
                  {label}
                </Text>
                <Group gap={6} wrap="nowrap">
                  <Badge
                    size="sm"
                    radius="sm"
                    variant="light"
                    color={check.ok ? 'teal' : check.level === 'required' ? 'red' : 'orange'}
                    // Darker text than the light variant's own, for 4.5:1 on its tinted background.
                    c={check.ok ? 'teal.9' : check.level === 'required' ? 'red.9' : 'dark.7'}
                  >
                    {check.ok ? t('gpProducts.checklist.done') : t(`gpProducts.checklist.${check.level}`)}
                  </Badge>
                  {!check.ok && (
                    <Anchor
                      component={Link}
                      to={tab ? `${productPath}/${tab}` : productPath}
                      size="sm"
                      underline="always"
                      aria-label={t('gpProducts.checklist.fixLabel', { check: label })}
                      onClick={onNavigate}
                    >
                      {t('gpProducts.checklist.fix')}
                    </Anchor>
                  )}
                </Group>
              </Group>
              {!check.ok && check.gaps && check.gaps.length > 0 && (
                <List size="xs" withPadding c="dimmed">
                  {check.gaps.map((gap, i) => (
                    // Gaps have no id of their own; their order is the checklist's, stable per answer.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    <List.Item key={i}>{gapText(gap)}</List.Item>
                  ))}
                </List>
              )}
            </Stack>
          </List.Item>
        );
      })}
    </List>
  );
};
