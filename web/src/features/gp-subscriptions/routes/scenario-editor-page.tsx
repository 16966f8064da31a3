import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  List,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { can } from '@tranche/shared/auth/permissions';
import type { ScenarioGraph, ScenarioIssue } from '@tranche/shared/scenario/scenario.schema';
import { validateScenario } from '@tranche/shared/scenario/validate';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { BackLink } from '@/components/back-link';
import { LoadError } from '@/components/error-state';
import { AccessNotice, isAccessError } from '@/features/gp-console';
import {
  publishVersion,
  saveDraft,
  useScenarioVersion,
  useScenarioVersions,
  validateGraph,
} from '@/features/gp-subscriptions/api/scenarios';
import { NodeEditor, type Palette } from '@/features/gp-subscriptions/components/node-editor';
import {
  ADDABLE_KINDS,
  type AddableKind,
  addNode,
  connect,
  disconnect,
  type EditResult,
  issuesByNode,
  paramsIssues,
  removeNode,
  replaceNode,
  unsavedIssues,
  withPositions,
} from '@/features/gp-subscriptions/lib/graph';
import { GP_SUBSCRIPTIONS_PATH } from '@/features/gp-subscriptions/paths';
import { useCurrentUser } from '@/features/session';
import { FormAlert } from '@/features/session/screens';
import { useLang } from '@/i18n/use-lang';
import { apiFetch } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { notifications } from '@/lib/notifications';

// React Flow and its styles load with the editor only.
const ScenarioGraphView = lazy(() => import('@/features/gp-subscriptions/components/scenario-graph'));

/**
 * The problems a refused call names by node: a refused publish's validation issues
 * (`scenarioInvalid`), or what the schema refused in the graph sent (PARAMS_ERROR, by node index).
 */
const issuesOf = (error: unknown, graph: ScenarioGraph): ScenarioIssue[] | undefined => {
  if (!isApiError(error)) return undefined;
  if (error.code === 'scenarioInvalid')
    return Array.isArray(error.details.issues) ? (error.details.issues as ScenarioIssue[]) : undefined;
  if (error.code === 'PARAMS_ERROR' && error.fieldErrors.some((f) => f.field.includes('graph')))
    return paramsIssues(graph, error.fieldErrors);
  return undefined;
};

/**
 * /gp/subscriptions/scenarios/:scenarioId: one scenario's versions and the editor. The graph (React
 * Flow) shows the journey; selecting a node (on the graph or in the step list) opens its title and,
 * for a form, the form builder with the investor's preview. Admins save a draft (a published version
 * is never changed: saving it starts the next draft), validate, and publish; the validation's issues
 * are drawn on the nodes they name.
 */
export const ScenarioEditorPage = () => {
  const { t } = useTranslation();
  const lang = useLang();
  const { scenarioId } = useParams();
  const [params, setParams] = useSearchParams();
  useDocumentTitle(t('gpSubscriptions.editor.title'));
  const versions = useScenarioVersions(scenarioId);
  const newest = Math.max(0, ...(versions.data?.items ?? []).map((v) => v.version));
  const asked = Number(params.get('version'));
  const version = Number.isInteger(asked) && asked > 0 ? asked : newest || undefined;
  const loaded = useScenarioVersion(scenarioId, version);
  const palette = useSWR(['gp-scenarios', 'palette'], () => apiFetch('getCustomFields'));
  const role = useCurrentUser().data?.role;
  const canEdit = role !== undefined && can(role, 'publishProducts');

  if (isAccessError(versions.error)) return <AccessNotice error={versions.error} />;
  const error = versions.error ?? loaded.error;
  return (
    <Stack gap="md" maw={1400}>
      <BackLink to={`${GP_SUBSCRIPTIONS_PATH}/scenarios`}>{t('gpSubscriptions.editor.backToScenarios')}</BackLink>
      <Title order={1}>{t('gpSubscriptions.editor.title')}</Title>
      {error ? (
        <LoadError
          error={error}
          onRetry={() => {
            void versions.mutate();
            void loaded.mutate();
          }}
        />
      ) : !loaded.data || !scenarioId ? (
        <Skeleton h={520} />
      ) : (
        <Editor
          key={`${loaded.data.scenarioId}-${loaded.data.version}`}
          scenarioId={scenarioId}
          version={loaded.data.version}
          state={loaded.data.state}
          initial={loaded.data.graph}
          palette={palette.data as Palette | undefined}
          canEdit={canEdit}
          onSaved={async (saved) => {
            await versions.mutate();
            setParams({ version: String(saved) });
          }}
          versionsList={
            <List size="sm" spacing={4}>
              {(versions.data?.items ?? []).map((v) => (
                <List.Item key={v.version}>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={`?version=${v.version}`}
                      aria-current={v.version === version ? 'page' : undefined}
                    >
                      {t('gpSubscriptions.editor.version', { version: v.version })}
                    </Anchor>
                    <Badge
                      size="sm"
                      variant="outline"
                      color={v.state === 'PUBLISHED' ? 'teal.9' : 'gray.8'}
                      radius="sm"
                    >
                      {t(`gpSubscriptions.editor.state.${v.state}`)}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(v.publishedAt ?? v.savedAt, lang)}
                    </Text>
                  </Group>
                </List.Item>
              ))}
            </List>
          }
        />
      )}
    </Stack>
  );
};

interface EditorProps {
  scenarioId: string;
  version: number;
  state: 'DRAFT' | 'PUBLISHED';
  initial: ScenarioGraph;
  palette: Palette | undefined;
  canEdit: boolean;
  onSaved: (version: number) => Promise<void>;
  versionsList: React.ReactNode;
}

const Editor = ({ scenarioId, version, state, initial, palette, canEdit, onSaved, versionsList }: EditorProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const [graph, setGraph] = useState(initial);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<string | null>(
    initial.nodes.find((n) => n.kind === 'FORM' || n.kind === 'NODE_FORM')?.id ?? initial.nodes[0]?.id ?? null,
  );
  // Edits start from the newest graph, not the last render's (see change).
  const latest = useRef(graph);
  latest.current = graph;
  // The last check's or refused publish's issues, with the graph they were about. Validation issues
  // are then kept current as the author edits (the server's own rules, shared/src/scenario/validate.ts,
  // run here), so a fixed problem leaves its node at once; a schema refusal stays until the next call.
  const [report, setReport] = useState<{ issues: ScenarioIssue[]; graph: ScenarioGraph; live: boolean }>();
  const setIssues = (issues: ScenarioIssue[], live = true) => setReport({ issues, graph: latest.current, live });
  const issues = useMemo(
    () =>
      report?.live && report.graph !== graph && report.issues.length > 0 ? validateScenario(graph) : report?.issues,
    [report, graph],
  );
  const [busy, setBusy] = useState<'save' | 'validate' | 'publish' | null>(null);
  const [error, setError] = useState<unknown>();
  const [adding, setAdding] = useState<AddableKind>('FORM');
  // The server's messages are English: each rule has its own sentence in both languages, the
  // server's text standing in for a rule the editor does not know.
  const ruleText = (i: ScenarioIssue) =>
    t(`gpSubscriptions.editor.rules.${i.rule}` as never, { defaultValue: i.message, node: i.nodeId ?? '' });
  // Drafts the schema would refuse (a router not connected yet) are named here and never sent.
  const local = useMemo(() => unsavedIssues(graph), [graph]);
  const shown = [...local, ...(issues ?? [])].map((i) => ({ ...i, message: ruleText(i) }));
  const byNode = useMemo(() => issuesByNode(graph, shown), [graph, shown]);
  const node = graph.nodes.find((n) => n.id === selected);
  const kindLabel = (kind: string) => t(`gpSubscriptions.editor.kinds.${kind}` as never);

  const run = async (kind: 'save' | 'validate' | 'publish', work: () => Promise<void>) => {
    setBusy(kind);
    setError(undefined);
    try {
      await work();
    } catch (failure) {
      const found = issuesOf(failure, graph);
      if (found) setIssues(found, !(isApiError(failure) && failure.code === 'PARAMS_ERROR'));
      else setError(failure);
    } finally {
      setBusy(null);
    }
  };
  // Edits start from the newest graph, not the last render's: the graph view reports a node and its
  // edges deleted in one gesture as two calls in a row.
  const change = (edit: (current: ScenarioGraph) => ScenarioGraph) => {
    const next = edit(latest.current);
    latest.current = next;
    setGraph(next);
    setDirty(true);
  };
  const apply = (edit: (current: ScenarioGraph) => EditResult) => {
    const result = edit(latest.current);
    if (result.graph) {
      if (result.graph !== latest.current) change(() => result.graph);
      return true;
    }
    notifications.show({ color: 'orange', message: t(`gpSubscriptions.editor.refused.${result.refused}`) });
    return false;
  };
  const blocked = local.length > 0;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Group gap="xs">
              <Text fw={600}>{t('gpSubscriptions.editor.version', { version })}</Text>
              <Badge variant="outline" color={state === 'PUBLISHED' ? 'teal.9' : 'gray.8'} radius="sm">
                {t(`gpSubscriptions.editor.state.${state}`)}
              </Badge>
              {dirty && (
                // orange.9 is 4.29:1 on white; this darker orange is 6.4:1 (WCAG AA for small text).
                <Text size="sm" c="#a63d00">
                  {t('gpSubscriptions.editor.unsaved')}
                </Text>
              )}
            </Group>
            <Group gap="xs">
              <Button
                variant="default"
                loading={busy === 'validate'}
                disabled={busy !== null || blocked}
                onClick={() =>
                  void run('validate', async () => {
                    const answer = await validateGraph(graph);
                    setIssues(answer.issues);
                    if (answer.valid)
                      notifications.show({ color: 'green', message: t('gpSubscriptions.editor.valid') });
                  })
                }
              >
                {t('gpSubscriptions.editor.validate')}
              </Button>
              {canEdit && (
                <Button
                  variant="light"
                  loading={busy === 'save'}
                  disabled={busy !== null || !dirty || blocked}
                  onClick={() =>
                    void run('save', async () => {
                      // A published version is never written: saving it starts the next draft.
                      const saved = await saveDraft(scenarioId, graph, state === 'DRAFT' ? version : undefined);
                      setDirty(false);
                      notifications.show({
                        color: 'green',
                        message: t('gpSubscriptions.editor.saved', { version: saved.version }),
                      });
                      await onSaved(saved.version);
                    })
                  }
                >
                  {t('gpSubscriptions.editor.save')}
                </Button>
              )}
              {canEdit && state === 'DRAFT' && (
                <Button
                  loading={busy === 'publish'}
                  disabled={busy !== null || dirty}
                  onClick={() =>
                    void run('publish', async () => {
                      await publishVersion(scenarioId, version);
                      setIssues([]);
                      notifications.show({
                        color: 'green',
                        message: t('gpSubscriptions.editor.published', { version }),
                      });
                      await onSaved(version);
                    })
                  }
                >
                  {t('gpSubscriptions.editor.publish')}
                </Button>
              )}
            </Group>
          </Group>
          <FormAlert error={error} title={t('gpSubscriptions.case.actionFailed')} />
          {shown.length > 0 && (
            <Alert color="red" variant="light" title={t('gpSubscriptions.editor.issuesTitle', { count: shown.length })}>
              <List size="sm">
                {shown.map((i) => (
                  <List.Item key={`${i.rule}:${i.nodeId ?? i.edgeId ?? ''}:${i.message}`}>
                    {i.nodeId ? (
                      <Anchor component="button" type="button" size="sm" onClick={() => setSelected(i.nodeId ?? null)}>
                        {i.nodeId}
                      </Anchor>
                    ) : null}
                    {i.nodeId ? ': ' : ''}
                    {i.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {canEdit && (
            <Group gap="xs" align="flex-end">
              <NativeSelect
                label={t('gpSubscriptions.editor.newStepKind')}
                value={adding}
                onChange={(e) => setAdding(e.currentTarget.value as AddableKind)}
                data={ADDABLE_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
              />
              <Button
                variant="light"
                onClick={() => {
                  const added = addNode(graph, adding);
                  change(() => added.graph);
                  setSelected(added.id);
                }}
              >
                {t('gpSubscriptions.editor.addStep')}
              </Button>
              <Text size="xs" c="dimmed" maw={360}>
                {t('gpSubscriptions.editor.graphHelp')}
              </Text>
            </Group>
          )}
          <Suspense fallback={<Skeleton h={520} />}>
            <ScenarioGraphView
              graph={graph}
              lang={lang}
              selected={selected}
              onSelect={setSelected}
              issues={byNode}
              onMoved={(positions) => change((g) => withPositions(g, positions))}
              kindLabel={kindLabel}
              label={t('gpSubscriptions.editor.graphLabel')}
              editable={canEdit}
              onConnect={(from, to) => apply((g) => connect(g, from, to))}
              onDisconnect={(ids) =>
                apply((g) =>
                  ids.reduce<EditResult>((acc, id) => (acc.graph ? disconnect(acc.graph, id) : acc), { graph: g }),
                )
              }
              onRemove={(ids) =>
                apply((g) =>
                  ids.reduce<EditResult>((acc, id) => (acc.graph ? removeNode(acc.graph, id) : acc), { graph: g }),
                )
              }
              otherwiseLabel={t('gpSubscriptions.editor.otherwiseEdge')}
              edgeLabel={(from, to) => t('gpSubscriptions.editor.edgeLabel', { from, to })}
            />
          </Suspense>
          <Paper withBorder p="sm" radius="md">
            <Title order={2} size="h5" mb="xs">
              {t('gpSubscriptions.editor.versions')}
            </Title>
            {versionsList}
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="md">
          <NativeSelect
            label={t('gpSubscriptions.editor.step')}
            value={selected ?? ''}
            onChange={(e) => setSelected(e.currentTarget.value)}
            data={graph.nodes.map((n) => ({
              value: n.id,
              label: `${n.title[lang] || n.title.en} (${kindLabel(n.kind)})${byNode.has(n.id) ? ' ⚠' : ''}`,
            }))}
          />
          {node && (
            <NodeEditor
              key={node.id}
              graph={graph}
              node={node}
              palette={palette}
              readOnly={!canEdit}
              issues={byNode.get(node.id) ?? []}
              onChange={(changed) => change((g) => replaceNode(g, changed))}
              onConnect={(to) => apply((g) => connect(g, node.id, to))}
              onRemove={() => {
                if (apply((g) => removeNode(g, node.id)))
                  setSelected(graph.nodes.find((n) => n.kind === 'START')?.id ?? null);
              }}
            />
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
};
