// features/subscriptions' entry for the manager's screens (case page, settings): the submitted
// answers, amendments and the tenant's mandatory documents (the modification paths), and an answer
// as text. Light: no component of the investor's screens comes with it.
export {
  putMandatoryDocs,
  useAmendments,
  useMandatoryDocs,
  useModification,
  useSnapshotData,
} from './api/modification';
export { type AnswerWords, answerText } from './lib/answers';
