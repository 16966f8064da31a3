import type { CurrentNode, NodeValues } from '@tranche/shared/scenario/scenario.schema';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetch } from '@/lib/api';

/** The journey's keys, under the subscription's (a sign-out drops them with the rest of 'session'). */
export const journeyKeys = {
  current: (subscriptionId: string) => ['session', 'subscriptions', 'journey', subscriptionId, 'current'] as const,
  results: (subscriptionId: string) => ['session', 'subscriptions', 'journey', subscriptionId, 'results'] as const,
  questionnaire: (subscriptionId: string, nodeId: string) =>
    ['session', 'subscriptions', 'journey', subscriptionId, 'questionnaire', nodeId] as const,
};

/**
 * Whether the platform is busy between two of the investor's steps (the execution starting, a
 * system node running, signatures being collected): the step is read again until it settles.
 */
export const isSettling = (current: CurrentNode | undefined): boolean => {
  if (!current) return false;
  const { status } = current.progress;
  if (status === 'NOT_STARTED') return true;
  if (status === 'RUNNING' && !current.node) return true;
  // A sign node: while its documents are prepared, signatures are awaited, or the completed project
  // is moving the journey on (its signing `state`, scenario/sign-node.ts).
  const signing = current.node?.kind === 'SIGN' ? (current.node.signing as { state?: string } | undefined) : undefined;
  return signing?.state === 'PREPARING' || signing?.state === 'SENT' || signing?.state === 'COMPLETED';
};

/** The step the investor is at (null when the journey is done), its prefill, a saved draft and the progress. */
export const useCurrentNode = (subscriptionId: string | undefined) =>
  useSWR(
    subscriptionId ? journeyKeys.current(subscriptionId) : null,
    ([, , , id]) => apiFetch('getCurrentNode', { query: { subscriptionId: id } }),
    // Polling only while the platform, not the investor, has the next move.
    { refreshInterval: (current) => (isSettling(current) ? 2000 : 0) },
  );

/** What was answered so far: "Back" reopens the latest step done. */
export const useNodeResults = (subscriptionId: string | undefined) =>
  useSWR(subscriptionId ? journeyKeys.results(subscriptionId) : null, ([, , , id]) =>
    apiFetch('listNodeResults', { query: { subscriptionId: id } }),
  );

/** A questionnaire's questions (never their scores) and the answers saved so far. */
export const useQuestionnaire = (subscriptionId: string, nodeId: string) =>
  useSWR(journeyKeys.questionnaire(subscriptionId, nodeId), ([, , , id, , node]) =>
    apiFetch('getQuestionnaire', { query: { subscriptionId: id, nodeId: node } }),
  );

/**
 * The runner's moves. Each answers the step that is now current, which replaces the cached one at
 * once; the answered results are read again (Back depends on them).
 */
export const useJourneyActions = (subscriptionId: string) => {
  const { mutate } = useSWRConfig();
  const store = async (current: CurrentNode) => {
    await mutate(journeyKeys.current(subscriptionId), current, { revalidate: false });
    void mutate(journeyKeys.results(subscriptionId));
    return current;
  };
  return {
    /** Saves the step's answers and moves on (or, as a draft, stays: save and exit). */
    submit: async (nodeId: string, values: NodeValues, draft = false) => {
      const answer = await apiFetch('submitNodeResult', { body: { subscriptionId, nodeId, values, draft } });
      return store(answer.next);
    },
    /** Back: the latest done step becomes current again, its answers kept as the form's values. */
    back: async (nodeId: string) => {
      const answer = await apiFetch('deleteNodeResult', { body: { subscriptionId, nodeId } });
      return store(answer);
    },
    answerQuestionnaire: async (nodeId: string, answers: Record<string, string[]>) => {
      const answer = await apiFetch('submitQuestionnaire', { body: { subscriptionId, nodeId, answers } });
      return store(answer.next);
    },
    reload: () => mutate(journeyKeys.current(subscriptionId)),
  };
};
