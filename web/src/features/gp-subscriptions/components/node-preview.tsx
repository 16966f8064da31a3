import { Checkbox, List, Paper, Radio, Stack, Text } from '@mantine/core';
import type { ScenarioNode } from '@tranche/shared/scenario/scenario.schema';
import { useTranslation } from 'react-i18next';
import { FormElementPreview } from '@/features/subscriptions/preview';
import { useLang } from '@/i18n/use-lang';

/**
 * The selected step as the investor's runner shows it, in the reader's language (the language
 * switch shows the other): form elements through the runner's own component, the other kinds with
 * the same controls (never the questionnaire's scores, which investors never get). It can be tried;
 * nothing is saved. System steps say what the platform does instead.
 */
export const NodePreview = ({ node }: { node: ScenarioNode }) => {
  const { t } = useTranslation();
  const lang = useLang();
  const text = (labels: { en: string; 'zh-CN': string }) => labels[lang] || labels.en;
  const body = (() => {
    switch (node.kind) {
      case 'FORM':
      case 'NODE_FORM':
        return node.elements
          .filter((e) => e.requirement !== 'HIDDEN')
          .map((e) => <FormElementPreview key={e.id} element={e} />);
      case 'STATEMENT':
        return (
          <>
            <Text style={{ whiteSpace: 'pre-line' }}>{text(node.body)}</Text>
            {node.consents.map((c) => (
              <Checkbox key={c.id} label={text(c.label)} aria-required />
            ))}
          </>
        );
      case 'QUESTIONNAIRE':
        return node.questions.map((q) =>
          q.multiple ? (
            <Checkbox.Group key={q.id} label={text(q.label)}>
              <Stack gap={4} mt={4}>
                {q.options.map((o) => (
                  <Checkbox key={o.value} value={o.value} label={text(o.label)} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <Radio.Group key={q.id} label={text(q.label)}>
              <Stack gap={4} mt={4}>
                {q.options.map((o) => (
                  <Radio key={o.value} value={o.value} label={text(o.label)} />
                ))}
              </Stack>
            </Radio.Group>
          ),
        );
      case 'SIGN':
        return (
          <>
            <Text>{t('gpSubscriptions.editor.previewSign', { document: text(node.documentTitle) })}</Text>
            <List size="sm">
              {node.signers.map((s) => (
                <List.Item key={s}>{t(`gpSubscriptions.editor.signer.${s}`)}</List.Item>
              ))}
            </List>
          </>
        );
      case 'VIEW_CUSTODIAN_DOCUMENTS':
        return (
          <>
            <List size="sm">
              {node.documents.map((d, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: documents have no id
                <List.Item key={i}>{text(d.title)}</List.Item>
              ))}
            </List>
            <Checkbox label={text(node.confirm)} />
          </>
        );
      case 'EMAIL':
        return (
          <>
            <Text size="sm" c="dimmed">
              {t('gpSubscriptions.editor.previewEmail', { to: t(`gpSubscriptions.editor.recipients.${node.to}`) })}
            </Text>
            <Text fw={600}>{text(node.subject)}</Text>
            <Text style={{ whiteSpace: 'pre-line' }}>{text(node.body)}</Text>
          </>
        );
      case 'INBOX':
        return (
          <>
            <Text size="sm" c="dimmed">
              {t('gpSubscriptions.editor.previewInbox', { to: t(`gpSubscriptions.editor.recipients.${node.to}`) })}
            </Text>
            <Text style={{ whiteSpace: 'pre-line' }}>{text(node.body)}</Text>
          </>
        );
      case 'CHANGE_DB_VALUE':
      case 'ROUTER':
      case 'START':
      case 'END':
        return <Text c="dimmed">{t(`gpSubscriptions.editor.previewNone.${node.kind}`)}</Text>;
    }
  })();
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('gpSubscriptions.editor.preview')}
      </Text>
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)">
        <Stack gap="md">
          <Text fw={700}>{text(node.title)}</Text>
          {body}
        </Stack>
      </Paper>
    </Stack>
  );
};
