import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type FormElement,
  isDisplayElement,
  PREFILL_SOURCES,
  REQUIREMENT_LEVELS,
} from '@tranche/shared/scenario/scenario.schema';
import { useTranslation } from 'react-i18next';
import { freeId } from '@/features/gp-subscriptions/lib/graph';
import { LabelsInput, RemoveButton } from './node-fields';

export interface Palette {
  elements: {
    element: FormElement['element'];
    display: boolean;
    fieldTypes: NonNullable<FormElement['fieldType']>[];
  }[];
  requirementLevels: FormElement['requirement'][];
  prefillSources?: FormElement['prefill'][];
}

/** Elements whose value is one of their options (the validation wants options on them). */
const OPTION_ELEMENTS: readonly FormElement['element'][] = [
  'SELECT',
  'RADIO',
  'CHECKBOX_GROUP',
  'AUTOCOMPLETE',
  'AREA_CODE',
];
const COLUMN_TYPES = ['text', 'date', 'select'] as const;

type Option = NonNullable<FormElement['options']>[number];
type Column = NonNullable<FormElement['columns']>[number];

/**
 * The form builder of a form node: each element's label in both languages, its element kind and
 * field type from the palette (GET /gateway/custom-field), MANDATORY / OPTIONAL / HIDDEN (a display
 * element is never mandatory), where its value is prefilled from, its options (choice elements) or
 * columns (tables), its order; add and remove.
 */
export const FormBuilder = ({
  elements,
  palette,
  readOnly,
  onChange,
}: {
  elements: FormElement[];
  palette: Palette | undefined;
  readOnly: boolean;
  onChange: (elements: FormElement[]) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('gpSubscriptions.editor.formBuilder')}
      </Title>
      {elements.map((el, i) => {
        const kind = palette?.elements.find((p) => p.element === el.element);
        const display = kind?.display ?? isDisplayElement(el.element);
        const update = (changed: Partial<FormElement>) => {
          const next = { ...el, ...changed };
          for (const key of Object.keys(next) as (keyof FormElement)[]) if (next[key] === undefined) delete next[key];
          onChange(elements.map((x, j) => (j === i ? next : x)));
        };
        const move = (by: number) => {
          const next = [...elements];
          const [taken] = next.splice(i, 1);
          if (taken) next.splice(i + by, 0, taken);
          onChange(next);
        };
        const options = el.options ?? [];
        const columns = el.columns ?? [];
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
                      disabled={i === elements.length - 1}
                      onClick={() => move(1)}
                      aria-label={t('gpSubscriptions.editor.down', { id: el.id })}
                    >
                      ↓
                    </ActionIcon>
                    <RemoveButton
                      name={el.id}
                      disabled={elements.length === 1}
                      onClick={() => onChange(elements.filter((_, j) => j !== i))}
                    />
                  </Group>
                )}
              </Group>
              <LabelsInput
                what={t('gpSubscriptions.editor.label')}
                value={el.label}
                readOnly={readOnly}
                onChange={(label) => update({ label })}
              />
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
                    const chosen = palette?.elements.find((p) => p.element === element);
                    update({
                      element,
                      fieldType: chosen?.fieldTypes[0],
                      // A display element takes no answer, so it cannot be mandatory.
                      ...(chosen?.display && el.requirement === 'MANDATORY'
                        ? { requirement: 'OPTIONAL' as const }
                        : {}),
                      ...(OPTION_ELEMENTS.includes(element) && !el.options?.length
                        ? {
                            options: [
                              { value: 'option1', label: { en: 'Option 1', 'zh-CN': '选项 1' } },
                              { value: 'option2', label: { en: 'Option 2', 'zh-CN': '选项 2' } },
                            ],
                          }
                        : {}),
                      ...(element === 'TABLE' && !el.columns?.length
                        ? {
                            columns: [
                              {
                                id: 'column1',
                                label: { en: 'Column 1', 'zh-CN': '第 1 列' },
                                fieldType: 'text' as const,
                              },
                            ],
                          }
                        : {}),
                    });
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
                  disabled={readOnly}
                  data={(palette?.requirementLevels ?? REQUIREMENT_LEVELS).map((r) => ({
                    value: r,
                    label: t(`gpSubscriptions.editor.requirements.${r}`),
                    disabled: display && r === 'MANDATORY',
                  }))}
                  onChange={(e) => update({ requirement: e.currentTarget.value as FormElement['requirement'] })}
                />
              </Group>
              {!display && (
                <NativeSelect
                  label={t('gpSubscriptions.editor.prefill')}
                  value={el.prefill ?? ''}
                  disabled={readOnly}
                  data={[
                    { value: '', label: t('gpSubscriptions.editor.noPrefill') },
                    ...(palette?.prefillSources ?? PREFILL_SOURCES).map((p) => ({
                      value: p as string,
                      label: t(`gpSubscriptions.editor.prefills.${p as (typeof PREFILL_SOURCES)[number]}`),
                    })),
                  ]}
                  onChange={(e) =>
                    update({ prefill: (e.currentTarget.value || undefined) as FormElement['prefill'] | undefined })
                  }
                />
              )}
              {(OPTION_ELEMENTS.includes(el.element) || options.length > 0) && (
                <Stack gap={6}>
                  <Text size="sm" fw={500}>
                    {t('gpSubscriptions.editor.options')}
                  </Text>
                  {options.map((o, j) => {
                    const set = (next: Option) => update({ options: options.map((x, k) => (k === j ? next : x)) });
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the value is edited in place; keyed by it, the input would lose focus at each keystroke
                      <Group key={j} align="flex-end" gap="xs" wrap="wrap">
                        <TextInput
                          label={t('gpSubscriptions.editor.optionValue')}
                          value={o.value}
                          readOnly={readOnly}
                          w={120}
                          onChange={(e) => set({ ...o, value: e.currentTarget.value })}
                        />
                        <div style={{ flex: 1, minWidth: 240 }}>
                          <LabelsInput
                            what={t('gpSubscriptions.editor.optionLabel')}
                            value={o.label}
                            readOnly={readOnly}
                            onChange={(label) => set({ ...o, label })}
                          />
                        </div>
                        {!readOnly && (
                          <RemoveButton
                            name={`${el.id} ${o.value}`}
                            mb={4}
                            onClick={() => update({ options: options.filter((_, k) => k !== j) })}
                          />
                        )}
                      </Group>
                    );
                  })}
                  {!readOnly && options.length < 200 && (
                    <Group>
                      <Button
                        variant="subtle"
                        size="xs"
                        onClick={() => {
                          const value = freeId(
                            'option',
                            options.map((o) => o.value),
                          );
                          const n = value.slice('option'.length);
                          update({
                            options: [...options, { value, label: { en: `Option ${n}`, 'zh-CN': `选项 ${n}` } }],
                          });
                        }}
                      >
                        {t('gpSubscriptions.editor.addOption')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              )}
              {el.element === 'TABLE' && (
                <Stack gap={6}>
                  <Text size="sm" fw={500}>
                    {t('gpSubscriptions.editor.columns')}
                  </Text>
                  {columns.map((c, j) => {
                    const set = (next: Column) => update({ columns: columns.map((x, k) => (k === j ? next : x)) });
                    return (
                      <Group key={c.id} align="flex-end" gap="xs" wrap="wrap">
                        <NativeSelect
                          label={t('gpSubscriptions.editor.fieldType')}
                          value={c.fieldType}
                          disabled={readOnly}
                          data={[...COLUMN_TYPES]}
                          w={110}
                          onChange={(e) => set({ ...c, fieldType: e.currentTarget.value as Column['fieldType'] })}
                        />
                        <div style={{ flex: 1, minWidth: 240 }}>
                          <LabelsInput
                            what={t('gpSubscriptions.editor.columnLabel', { id: c.id })}
                            value={c.label}
                            readOnly={readOnly}
                            onChange={(label) => set({ ...c, label })}
                          />
                        </div>
                        {!readOnly && (
                          <RemoveButton
                            name={`${el.id} ${c.id}`}
                            mb={4}
                            disabled={columns.length === 1}
                            onClick={() => update({ columns: columns.filter((_, k) => k !== j) })}
                          />
                        )}
                      </Group>
                    );
                  })}
                  {!readOnly && columns.length < 20 && (
                    <Group>
                      <Button
                        variant="subtle"
                        size="xs"
                        onClick={() => {
                          const id = freeId(
                            'column',
                            columns.map((c) => c.id),
                          );
                          const n = id.slice('column'.length);
                          update({
                            columns: [
                              ...columns,
                              { id, label: { en: `Column ${n}`, 'zh-CN': `第 ${n} 列` }, fieldType: 'text' },
                            ],
                          });
                        }}
                      >
                        {t('gpSubscriptions.editor.addColumn')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              )}
            </Stack>
          </Paper>
        );
      })}
      {!readOnly && elements.length < 60 && (
        <Group>
          <Button
            variant="light"
            size="xs"
            onClick={() =>
              onChange([
                ...elements,
                {
                  id: freeId(
                    'field',
                    elements.map((e) => e.id),
                  ),
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
    </Stack>
  );
};
