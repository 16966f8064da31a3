import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { FormElement, ScenarioNode } from '@tranche/shared/scenario/scenario.schema';
import { useTranslation } from 'react-i18next';
import { FormElementPreview } from '@/features/subscriptions/preview';
import { useLang } from '@/i18n/use-lang';

export interface Palette {
  elements: {
    element: FormElement['element'];
    display: boolean;
    fieldTypes: NonNullable<FormElement['fieldType']>[];
  }[];
  requirementLevels: FormElement['requirement'][];
}

interface NodeEditorProps {
  node: ScenarioNode;
  palette: Palette | undefined;
  readOnly: boolean;
  issues: readonly string[];
  onChange: (node: ScenarioNode) => void;
}

/** A free element id: field1, field2, ... (ids are also JSONPath segments and ASL names). */
const freeId = (elements: readonly FormElement[]) => {
  let n = elements.length + 1;
  while (elements.some((e) => e.id === `field${n}`)) n += 1;
  return `field${n}`;
};

/**
 * The selected node: its title in both languages and, for a form, the form builder (each element's
 * label in both languages, its element kind and field type from the palette, MANDATORY / OPTIONAL /
 * HIDDEN, order, add and remove) with the investor's preview beside it.
 */
export const NodeEditor = ({ node, palette, readOnly, issues, onChange }: NodeEditorProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const form = node.kind === 'FORM' || node.kind === 'NODE_FORM' ? node : undefined;
  const setTitle = (lang: Lang, value: string) => onChange({ ...node, title: { ...node.title, [lang]: value } });
  const setElements = (elements: FormElement[]) => form && onChange({ ...form, elements });

  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('gpSubscriptions.editor.node', { id: node.id })}
      </Title>
      {issues.length > 0 && (
        <Paper withBorder p="sm" radius="sm" style={{ borderColor: 'var(--mantine-color-red-7)' }} role="alert">
          <Stack gap={2}>
            {issues.map((i) => (
              <Text key={i} size="sm" c="red.8">
                {i}
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
      <Group grow align="flex-start">
        <TextInput
          label={t('gpSubscriptions.editor.titleEn')}
          value={node.title.en}
          readOnly={readOnly}
          onChange={(e) => setTitle('en', e.currentTarget.value)}
        />
        <TextInput
          label={t('gpSubscriptions.editor.titleZh')}
          value={node.title['zh-CN']}
          readOnly={readOnly}
          onChange={(e) => setTitle('zh-CN', e.currentTarget.value)}
        />
      </Group>
      {form && (
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('gpSubscriptions.editor.formBuilder')}
          </Title>
          {form.elements.map((el, i) => {
            const kind = palette?.elements.find((p) => p.element === el.element);
            const update = (changed: Partial<FormElement>) =>
              setElements(form.elements.map((x, j) => (j === i ? { ...x, ...changed } : x)));
            const move = (by: number) => {
              const next = [...form.elements];
              const [taken] = next.splice(i, 1);
              if (taken) next.splice(i + by, 0, taken);
              setElements(next);
            };
            return (
              <Paper key={el.id} withBorder p="sm" radius="sm">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {el.id}
                    </Text>
                    {!readOnly && (
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          disabled={i === 0}
                          onClick={() => move(-1)}
                          aria-label={t('gpSubscriptions.editor.up', { id: el.id })}
                        >
                          ↑
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          disabled={i === form.elements.length - 1}
                          onClick={() => move(1)}
                          aria-label={t('gpSubscriptions.editor.down', { id: el.id })}
                        >
                          ↓
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red.8"
                          disabled={form.elements.length === 1}
                          onClick={() => setElements(form.elements.filter((_, j) => j !== i))}
                          aria-label={t('gpSubscriptions.editor.remove', { id: el.id })}
                        >
                          ×
                        </ActionIcon>
                      </Group>
                    )}
                  </Group>
                  <Group grow align="flex-start">
                    <TextInput
                      label={t('gpSubscriptions.editor.labelEn')}
                      value={el.label.en}
                      readOnly={readOnly}
                      onChange={(e) => update({ label: { ...el.label, en: e.currentTarget.value } })}
                    />
                    <TextInput
                      label={t('gpSubscriptions.editor.labelZh')}
                      value={el.label['zh-CN']}
                      readOnly={readOnly}
                      onChange={(e) => update({ label: { ...el.label, 'zh-CN': e.currentTarget.value } })}
                    />
                  </Group>
                  <Group grow align="flex-start">
                    <NativeSelect
                      label={t('gpSubscriptions.editor.element')}
                      value={el.element}
                      disabled={readOnly}
                      data={(palette?.elements ?? [{ element: el.element }]).map((p) => ({
                        value: p.element,
                        label: t(`gpSubscriptions.editor.elements.${p.element}`),
                      }))}
                      onChange={(e) => {
                        const element = e.currentTarget.value as FormElement['element'];
                        const types = palette?.elements.find((p) => p.element === element)?.fieldTypes ?? [];
                        update({ element, fieldType: types[0] });
                      }}
                    />
                    {kind && kind.fieldTypes.length > 0 && (
                      <NativeSelect
                        label={t('gpSubscriptions.editor.fieldType')}
                        value={el.fieldType ?? ''}
                        disabled={readOnly}
                        data={kind.fieldTypes}
                        onChange={(e) => update({ fieldType: e.currentTarget.value as FormElement['fieldType'] })}
                      />
                    )}
                    <NativeSelect
                      label={t('gpSubscriptions.editor.requirement')}
                      value={el.requirement}
                      disabled={readOnly || kind?.display}
                      data={(palette?.requirementLevels ?? ['MANDATORY', 'OPTIONAL', 'HIDDEN']).map((r) => ({
                        value: r,
                        label: t(`gpSubscriptions.editor.requirements.${r}`),
                      }))}
                      onChange={(e) => update({ requirement: e.currentTarget.value as FormElement['requirement'] })}
                    />
                  </Group>
                </Stack>
              </Paper>
            );
          })}
          {!readOnly && (
            <Group>
              <Button
                variant="light"
                size="xs"
                onClick={() =>
                  setElements([
                    ...form.elements,
                    {
                      id: freeId(form.elements),
                      element: 'INPUT',
                      fieldType: 'text',
                      label: { en: 'New field', 'zh-CN': '新字段' },
                      requirement: 'OPTIONAL',
                    },
                  ])
                }
              >
                {t('gpSubscriptions.editor.addElement')}
              </Button>
            </Group>
          )}
          <Title order={3} size="h5">
            {t('gpSubscriptions.editor.preview')}
          </Title>
          <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)">
            <Stack gap="md">
              <Text fw={700}>{node.title[lang] || node.title.en}</Text>
              {form.elements
                .filter((e) => e.requirement !== 'HIDDEN')
                .map((e) => (
                  <FormElementPreview key={e.id} element={e} />
                ))}
            </Stack>
          </Paper>
        </Stack>
      )}
    </Stack>
  );
};
