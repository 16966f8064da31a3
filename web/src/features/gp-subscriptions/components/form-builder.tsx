import { ActionIcon, Button, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type FormElement,
  isDisplayElement,
  PREFILL_SOURCES,
  REQUIREMENT_LEVELS,
} from '@tranche/shared/scenario/scenario.schema';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  freeId,
  parseLimit,
  type ValidatorKey,
  type ValidatorProblem,
  type Validators,
  validatorGroups,
  validatorProblems,
  withValidator,
} from '@/features/gp-subscriptions/lib/graph';
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
 * element is never mandatory), where its value is prefilled from, the checks on its answer (limits of
 * an amount, lengths and a pattern of a text) and its help text, its options (choice elements) or
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
              {!display && <ElementChecks element={el} readOnly={readOnly} onChange={(changed) => update(changed)} />}
              {!display && <HelpText element={el} readOnly={readOnly} onChange={(help) => update({ help })} />}
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

/**
 * One limit as the author types it: kept as typed while it is no number yet (the box says so and the
 * graph keeps the limit it had); a number, or an empty box (no limit), goes to the element at once.
 */
const LimitInput = ({
  label,
  value,
  whole,
  problem,
  readOnly,
  onChange,
}: {
  label: string;
  value: number | undefined;
  whole: boolean;
  problem: string | undefined;
  readOnly: boolean;
  onChange: (value: number | undefined) => void;
}) => {
  const { t } = useTranslation();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const parsed = parseLimit(text);
  const notNumber = parsed === null || (whole && parsed !== undefined && !Number.isInteger(parsed));
  return (
    <TextInput
      label={label}
      value={text}
      readOnly={readOnly}
      inputMode={whole ? 'numeric' : 'decimal'}
      error={notNumber ? t(whole ? 'gpSubscriptions.editor.wholeNumber' : 'gpSubscriptions.editor.aNumber') : problem}
      onChange={(e) => {
        const typed = e.currentTarget.value;
        setText(typed);
        const next = parseLimit(typed);
        if (next !== null && (!whole || next === undefined || Number.isInteger(next))) onChange(next);
      }}
    />
  );
};

/**
 * The checks on an element's answer, as the server makes them (form-check.ts): the smallest and
 * largest amount, the fewest and most characters and a pattern the whole answer must match. What is
 * typed is judged at once: a pattern must compile, a lower limit may not pass the upper one.
 */
const ElementChecks = ({
  element: el,
  readOnly,
  onChange,
}: {
  element: FormElement;
  readOnly: boolean;
  onChange: (changed: Partial<FormElement>) => void;
}) => {
  const { t } = useTranslation();
  const groups = validatorGroups(el);
  if (!groups.number && !groups.text) return null;
  const v = el.validators ?? {};
  const problems = validatorProblems(el.validators);
  const said = (key: ValidatorKey) => {
    const problem: ValidatorProblem | undefined = problems[key];
    return problem ? t(`gpSubscriptions.editor.checkProblems.${problem}`) : undefined;
  };
  // The element with the limit changed; `validators` absent when none is left (update drops undefined).
  const set = <K extends ValidatorKey>(key: K, value: Validators[K] | undefined) =>
    onChange({ validators: withValidator(el, key, value).validators });
  const limit = (key: 'min' | 'max' | 'minLength' | 'maxLength', whole: boolean) => (
    <LimitInput
      label={t(`gpSubscriptions.editor.checks.${key}`)}
      value={v[key]}
      whole={whole}
      problem={said(key)}
      readOnly={readOnly}
      onChange={(value) => set(key, value)}
    />
  );
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('gpSubscriptions.editor.checks.title', { id: el.id })}
      </Text>
      {groups.number && (
        <Group grow align="flex-start">
          {limit('min', false)}
          {limit('max', false)}
        </Group>
      )}
      {groups.text && (
        <>
          <Group grow align="flex-start">
            {limit('minLength', true)}
            {limit('maxLength', true)}
          </Group>
          <TextInput
            label={t('gpSubscriptions.editor.checks.pattern')}
            description={t('gpSubscriptions.editor.checks.patternHelp')}
            value={v.pattern ?? ''}
            readOnly={readOnly}
            maxLength={200}
            spellCheck={false}
            ff="monospace"
            error={said('pattern')}
            onChange={(e) => set('pattern', e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
          />
        </>
      )}
    </Stack>
  );
};

/** The element's help text, shown under its field to the investor: both languages, or none. */
const HelpText = ({
  element: el,
  readOnly,
  onChange,
}: {
  element: FormElement;
  readOnly: boolean;
  onChange: (help: FormElement['help'] | undefined) => void;
}) => {
  const { t } = useTranslation();
  if (!el.help)
    return readOnly ? null : (
      <Group>
        <Button variant="subtle" size="xs" onClick={() => onChange({ en: '', 'zh-CN': '' })}>
          {t('gpSubscriptions.editor.addHelp', { id: el.id })}
        </Button>
      </Group>
    );
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <div style={{ flex: 1, minWidth: 0 }}>
        <LabelsInput
          what={t('gpSubscriptions.editor.help')}
          value={el.help}
          readOnly={readOnly}
          onChange={(help) => onChange(help)}
        />
      </div>
      {!readOnly && (
        <RemoveButton
          name={t('gpSubscriptions.editor.helpOf', { id: el.id })}
          mb={4}
          onClick={() => onChange(undefined)}
        />
      )}
    </Group>
  );
};
