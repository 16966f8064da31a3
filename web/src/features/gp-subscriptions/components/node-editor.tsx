import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import {
  isHumanKind,
  NODE_PARTIES,
  type ScenarioGraph,
  type ScenarioNode,
} from '@tranche/shared/scenario/scenario.schema';
import { useTranslation } from 'react-i18next';
import { nextOf } from '@/features/gp-subscriptions/lib/graph';
import { useLang } from '@/i18n/use-lang';
import { FormBuilder, type Palette } from './form-builder';
import {
  ChangeValueFields,
  CustodianFields,
  EmailFields,
  InboxFields,
  LabelsInput,
  QuestionnaireFields,
  RouterFields,
  SignFields,
  StatementFields,
} from './node-fields';
import { NodePreview } from './node-preview';

export type { Palette } from './form-builder';

interface NodeEditorProps {
  graph: ScenarioGraph;
  node: ScenarioNode;
  palette: Palette | undefined;
  readOnly: boolean;
  issues: readonly string[];
  onChange: (node: ScenarioNode) => void;
  /** Makes `to` this node's next step (a node other than a router has one). */
  onConnect: (to: string) => void;
  onRemove: () => void;
}

/**
 * The selected node: its title in both languages, who completes it (human steps), its own settings
 * by kind (the form builder, a statement's consents, a questionnaire's questions, answers, scores and
 * pass mark, a router's conditions and default, a system step's message or value, a sign step's
 * document), where it leads, and the investor's preview. Everything here is plain form controls: the
 * keyboard way to all the graph does.
 */
export const NodeEditor = ({
  graph,
  node,
  palette,
  readOnly,
  issues,
  onChange,
  onConnect,
  onRemove,
}: NodeEditorProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const common = { graph, readOnly };
  const next = nextOf(graph, node.id);
  const kindEditor = (() => {
    switch (node.kind) {
      case 'FORM':
      case 'NODE_FORM':
        return (
          <FormBuilder
            elements={node.elements}
            palette={palette}
            readOnly={readOnly}
            onChange={(elements) => onChange({ ...node, elements })}
          />
        );
      case 'STATEMENT':
        return <StatementFields {...common} node={node} onChange={onChange} />;
      case 'QUESTIONNAIRE':
        return <QuestionnaireFields {...common} node={node} onChange={onChange} />;
      case 'SIGN':
        return <SignFields {...common} node={node} onChange={onChange} />;
      case 'VIEW_CUSTODIAN_DOCUMENTS':
        return <CustodianFields {...common} node={node} onChange={onChange} />;
      case 'ROUTER':
        return <RouterFields {...common} node={node} onChange={onChange} />;
      case 'CHANGE_DB_VALUE':
        return <ChangeValueFields {...common} node={node} onChange={onChange} />;
      case 'EMAIL':
        return <EmailFields {...common} node={node} onChange={onChange} />;
      case 'INBOX':
        return <InboxFields {...common} node={node} onChange={onChange} />;
      case 'START':
      case 'END':
        return null;
    }
  })();

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs">
          <Title order={2} size="h4">
            {t('gpSubscriptions.editor.node', { id: node.id })}
          </Title>
          <Badge variant="outline" color="gray.8" radius="sm">
            {t(`gpSubscriptions.editor.kinds.${node.kind}`)}
          </Badge>
        </Group>
        {!readOnly && node.kind !== 'START' && (
          // The subtle variant draws its text in red.6 (3.1:1 on the page); red.9 is above 4.5:1.
          <Button variant="subtle" color="red.9" c="red.9" size="xs" onClick={onRemove}>
            {t('gpSubscriptions.editor.removeStep')}
          </Button>
        )}
      </Group>
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
      <LabelsInput
        what={t('gpSubscriptions.editor.stepTitle')}
        value={node.title}
        readOnly={readOnly}
        onChange={(title) => onChange({ ...node, title })}
      />
      {isHumanKind(node.kind) && (
        <NativeSelect
          label={t('gpSubscriptions.editor.party')}
          value={(node as { party?: string }).party ?? 'INVESTOR'}
          disabled={readOnly}
          data={NODE_PARTIES.map((p) => ({ value: p, label: t(`gpSubscriptions.editor.parties.${p}`) }))}
          onChange={(e) => {
            const { party: _old, ...rest } = node as ScenarioNode & { party?: string };
            const party = e.currentTarget.value;
            // The investor is the default: not written, so the draft stays as the defaults write it.
            onChange((party === 'INVESTOR' ? rest : { ...rest, party }) as ScenarioNode);
          }}
        />
      )}
      {kindEditor}
      {node.kind !== 'ROUTER' && node.kind !== 'END' && (
        <NativeSelect
          label={t('gpSubscriptions.editor.nextStep')}
          value={next ?? ''}
          disabled={readOnly}
          data={[
            { value: '', label: t('gpSubscriptions.editor.noNextStep'), disabled: true },
            ...graph.nodes
              .filter((n) => n.id !== node.id && n.kind !== 'START')
              .map((n) => ({
                value: n.id,
                label: `${n.title[lang] || n.title.en} (${t(`gpSubscriptions.editor.kinds.${n.kind}`)})`,
              })),
          ]}
          onChange={(e) => e.currentTarget.value && onConnect(e.currentTarget.value)}
        />
      )}
      <NodePreview node={node} />
    </Stack>
  );
};
