import { Group, Mark, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ScreeningRating } from '@tranche/shared/profile/kyc-risk';
import { useTranslation } from 'react-i18next';
import { BADGE_WARNING } from '@/components/badge-colors';
import {
  type Agreement,
  type CompareValue,
  compareMatch,
  type EntryFacts,
  type MatchFacts,
  type SubjectFacts,
} from '@/features/gp-kyc/lib/compare';
import { countryName } from '@/features/gp-kyc/lib/labels';
import { useLang } from '@/i18n/use-lang';
import { RiskBadge } from './risk-badge';
import { ScoreMeter } from './score-meter';

// Read from the reviewer's side: a fact that agrees makes the match likelier (red), one that differs
// speaks for the investor (teal). The word is always printed; the colour only repeats it.
const AGREEMENT_COLORS: Record<Agreement, string> = {
  match: 'red.9',
  near: BADGE_WARNING,
  mismatch: 'teal.9',
  unknown: 'gray.8',
};

interface MatchComparisonProps {
  subject: SubjectFacts;
  entry: EntryFacts & { entryId: string; schema: string };
  match: MatchFacts & { score: number; rating: ScreeningRating };
  /** The heading level of the entry's name inside the case page. */
  headingOrder?: 3 | 4;
}

/**
 * One list entry that a screened subject matched, beside what the investor told us: names and
 * aliases (the pair the matcher joined marked), dates of birth, countries, then the list's own
 * programme and dataset. A table, so each fact lines up across the two sides on any screen width.
 */
export const MatchComparison = ({ subject, entry, match, headingOrder = 4 }: MatchComparisonProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const rows = compareMatch(subject, entry, match);
  const show = (key: string, value: CompareValue) => (key === 'countries' ? countryName(value.text, lang) : value.text);
  const cell = (key: string, values: CompareValue[]) =>
    values.length === 0 ? (
      <Text size="sm" c="dimmed">
        {t('gpKyc.match.none')}
      </Text>
    ) : (
      <Stack gap={2}>
        {values.map((value) => (
          <Text key={value.text} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {value.hit ? (
              <>
                <Mark color="yellow.2" fw={700}>
                  {show(key, value)}
                </Mark>
                <VisuallyHidden> {t('gpKyc.match.hit')}</VisuallyHidden>
              </>
            ) : (
              show(key, value)
            )}
          </Text>
        ))}
      </Stack>
    );

  return (
    <Paper withBorder radius="sm" p="md" data-entry={entry.entryId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={headingOrder} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {entry.name}
            </Title>
            <Text size="xs" c="dimmed">
              {t('gpKyc.match.entryRef', { id: entry.entryId, schema: entry.schema })}
            </Text>
          </div>
          <Group gap="sm" wrap="wrap">
            <RiskBadge rating={match.rating} />
            <ScoreMeter score={match.score} rating={match.rating} />
          </Group>
        </Group>
        <Table withTableBorder withColumnBorders layout="fixed" verticalSpacing="xs" horizontalSpacing="xs" fz="sm">
          <Table.Caption>
            <VisuallyHidden>{t('gpKyc.match.caption', { subject: subject.name, entry: entry.name })}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="26%">{t('gpKyc.match.fact')}</Table.Th>
              <Table.Th>{t('gpKyc.match.subjectSide')}</Table.Th>
              <Table.Th>{t('gpKyc.match.entrySide')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw={500}>
                  <Stack gap={4}>
                    <span>{t(`gpKyc.match.row.${row.key}`)}</span>
                    {row.agreement && row.key !== 'names' && (
                      <Text size="xs" fw={700} c={AGREEMENT_COLORS[row.agreement]} tt="uppercase">
                        {t(`gpKyc.match.agreement.${row.agreement}`)}
                      </Text>
                    )}
                  </Stack>
                </Table.Th>
                <Table.Td>{row.agreement === undefined ? '' : cell(row.key, row.subject)}</Table.Td>
                <Table.Td>
                  {row.key === 'sanctions' && row.entry.length === 0 ? (
                    // No programme: a PEP or a watch-list entry, which calls for more diligence, not a refusal.
                    <Text size="sm">{t('gpKyc.match.peps')}</Text>
                  ) : (
                    cell(row.key, row.entry)
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
};
