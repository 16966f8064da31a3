/**
 * How a scenario SIGN node's signers fill a kept signing template's places (docs/subscriptions.md
 * "Signing and countersigning", "A sign step's template"). Pure; used by the publish check
 * (validate.ts) and by the signing worker (functions/src/subscription/agreement-signing.ts).
 *
 * The rule (ours): the template's places, in signing order (group, then the order the template lists
 * them), take the node's signers in the order the platform lists them: the investor first, then every
 * joint holder, then every authorised signatory (each in the profile's order). Every place must be an
 * LP place (a sign node's signers are all on the investor's side: a GP or witness place could never be
 * filled), and there must be exactly as many places as signers: a place left empty would leave fields
 * nobody signs, a signer without a place would have nothing to sign.
 */

export type SignNodeSigner = 'INVESTOR' | 'JOINT_HOLDERS' | 'SIGNATORIES';

/**
 * The contract tags a subscription's agreement is given values for (the signature page's rows):
 * a template whose tag fields carry another tag cannot be filled for a subscription.
 */
export const AGREEMENT_TAGS = [
  'PRODUCT_NAME',
  'INVESTOR_NAME',
  'SUBSCRIPTION_AMOUNT',
  'SHARE_CLASS',
  'SUBSCRIPTION_ID',
  'SUBSCRIPTION_DATE',
] as const;

export interface TemplatePlace {
  signerId: string;
  label: string;
  role: 'LP' | 'GP' | 'WITNESS';
  group: number;
}

/** The places in signing order: group first, then the template's own order (stable). */
export const placesInOrder = <P extends TemplatePlace>(places: readonly P[]): P[] =>
  places
    .map((place, i) => ({ place, i }))
    .sort((a, b) => a.place.group - b.place.group || a.i - b.i)
    .map(({ place }) => place);

/**
 * What can be told when publishing, before any investor exists: why the node's signers can never fill
 * the template's places, or undefined. Only a node naming the investor alone has a known signer count
 * (one); joint holders and signatories depend on each investor's profile and are matched when sent.
 */
export const signTemplateProblem = (
  nodeSigners: readonly SignNodeSigner[],
  template: { signers: readonly TemplatePlace[]; tags: readonly string[] },
): string | undefined => {
  const places = template.signers;
  const unknown = template.tags.find((t) => !(AGREEMENT_TAGS as readonly string[]).includes(t));
  if (unknown) return `its tag ${unknown} has no value for a subscription`;
  const other = places.find((p) => p.role !== 'LP');
  if (other)
    return `its place “${other.label}” is a ${other.role} place; a sign step's signers are the investor's side`;
  if (places.length === 0) return 'it has no signer place';
  if (nodeSigners.length === 1 && nodeSigners[0] === 'INVESTOR' && places.length !== 1) {
    return `it has ${places.length} signer places, and the step has one signer (the investor)`;
  }
  return undefined;
};

/**
 * Each signer's place (signer i takes place i in signing order), or why they do not fit. `signers` are
 * listed as the platform lists them (investor, joint holders, signatories).
 */
export const mapSignersToPlaces = <S extends { signerId: string }>(
  places: readonly TemplatePlace[],
  signers: readonly S[],
): { ok: true; pairs: { place: TemplatePlace; signer: S }[] } | { ok: false; reason: string } => {
  const other = places.find((p) => p.role !== 'LP');
  if (other) return { ok: false, reason: `the template's place “${other.label}” is a ${other.role} place` };
  if (places.length !== signers.length) {
    return {
      ok: false,
      reason: `the template has ${places.length} signer places and this subscription has ${signers.length} signers`,
    };
  }
  const ordered = placesInOrder(places);
  return { ok: true, pairs: signers.map((signer, i) => ({ place: ordered[i]!, signer })) };
};
