import type { ErrorBody } from '@tranche/shared/errors/catalogue';
import type { InboxPage } from '@tranche/shared/inbox/inbox.schema';
import type {
  SignDetail,
  SignedCopy,
  SignerSelf,
  SignProject,
  SignProjectStatus,
} from '@tranche/shared/signing/sign.schema';
import type { SignerInput, SigningProjectDetail } from '@tranche/shared/signing/signing.schema';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  alpine,
  anonymous,
  beacon,
  type Caller,
  type CallResult,
  call,
  signedIn,
  stack,
  userOf,
} from '../support/api.js';
import {
  clearThrottles,
  codeIn,
  freshEmail,
  lastMessageTo,
  linkTokenIn,
  outbox,
  patchItem,
  readItem,
} from '../support/identity.js';

/**
 * The signer's side of a signing project end to end on the local stack (issue 12, docs/signing.md
 * "Signer side"): the manager's side is driven through its own service functions (sig-core's), the
 * signer through the routes, the emails read from the local mailbox, the inbox through its routes.
 */

const { newId } = await import('../../functions/src/_lib/ids.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { PutCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
const projects = await import('../../functions/src/signing/projects.service.js');
const { agreementPdf, signaturePng } = await import('../../functions/src/signing/seal/fixtures.js');
const { sha256Hex } = await import('../../functions/src/signing/seal/source-pdf.js');
const { uploadStream } = await import('../../functions/src/_lib/aws/s3.js');
const { signingObjectKeys } = await import('../../functions/src/signing/signing-object-keys.js');
const { Readable } = await import('node:stream');
const AGREEMENT = await agreementPdf(1);

const err = (r: CallResult) => r.body as ErrorBody;
const PNG = signaturePng().toString('base64');
const owner = userOf(alpine, 'GP_OWNER');
const investor = userOf(alpine, 'LP');

const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
};

const actor = () => ({
  tenantId: alpine.tenantId,
  userId: owner.userId,
  requestId: `signing-signer-test-${newId()}`,
  at: new Date().toISOString(),
});

interface Who {
  signerId: string;
  email: string;
  /** An account holder signs from this session; otherwise by the emailed link. */
  caller?: Caller;
}

/** A sent project: one document, one required signature field per signer, made through the manager's services. */
const sentProject = async (name: string, signers: SignerInput[]): Promise<SigningProjectDetail> => {
  let d = await projects.createProject(actor(), 'GP_OWNER', { name });
  const { projectId } = d.project;
  d = await projects.updateProject(actor(), 'GP_OWNER', { projectId, version: d.project.version, signers });
  // A checked source PDF, as the upload worker leaves it (the upload itself is the manager side's test):
  // the object at its kept key, so the completion can seal it.
  const fileId = newId();
  const at = new Date().toISOString();
  await uploadStream(
    signingObjectKeys.source(alpine.tenantId, fileId),
    Readable.from([Buffer.from(AGREEMENT)]),
    'application/pdf',
  );
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.signingPdf(alpine.tenantId, fileId),
        type: 'SIGNING_PDF',
        fileId,
        name: 'Agreement.pdf',
        size: 1000,
        status: 'READY',
        sha256: sha256Hex(AGREEMENT),
        pages: [{ width: 595.28, height: 841.89, rotation: 0 }],
        version: 1,
        createdAt: at,
        createdBy: owner.userId,
        updatedAt: at,
      },
    }),
  );
  d = await projects.updateProjectFiles(actor(), 'GP_OWNER', {
    projectId,
    version: d.project.version,
    documents: [{ fileId, name: 'Agreement.pdf' }],
  });
  const documentId = d.documents[0]?.documentId as string;
  d = await projects.updateProjectFile(actor(), 'GP_OWNER', {
    projectId,
    version: d.project.version,
    documentId,
    fields: signers.map((s, i) => ({
      fieldId: `sig-${s.signerId}`,
      kind: 'SIGNATURE' as const,
      pageIndex: 0,
      x: 50,
      y: 50 + i * 60,
      width: 150,
      height: 40,
      signerId: s.signerId as string,
      required: true,
    })),
  });
  return projects.startProject(actor(), 'GP_OWNER', { projectId, version: d.project.version });
};

const accountLess = (signerId: string, group: number): SignerInput & { signerId: string } => ({
  signerId,
  name: `Signer ${signerId}`,
  email: freshEmail(signerId),
  role: 'LP',
  group,
});

/** The link token of the newest invitation emailed to an account-less signer. */
const linkOf = async (email: string, match = /out for signing|waits for your signature/): Promise<string> => {
  const { url } = linkTokenIn(await lastMessageTo(email, match));
  // The signer page's own address, with the token in the fragment (never sent to a server).
  expect(url.pathname).toMatch(/\/signing\/[^/]+\/[^/]+$/);
  return new URLSearchParams(url.hash.slice(1)).get('link') ?? '';
};

const headersOf = (link?: string, ticket?: string): Record<string, string> => ({
  ...(link ? { 'x-signing-link': link } : {}),
  ...(ticket ? { 'x-signing-ticket': ticket } : {}),
});

const as = (who: Who) => who.caller ?? anonymous(alpine);

const sendCode = (projectId: string, who: Who, link?: string) =>
  call<{ sentTo: string; attemptsLeft: number }>(as(who), '/sign/captcha', {
    method: 'POST',
    body: { projectId, signerId: who.signerId },
    headers: headersOf(link),
  });

const validate = (projectId: string, who: Who, code: string, link?: string) =>
  call<{ ticket: string; signer: SignerSelf }>(as(who), '/sign/validate', {
    method: 'POST',
    body: { projectId, signerId: who.signerId, code },
    headers: headersOf(link),
  });

/** Asks for a code, reads it from the mailbox, passes it: the ticket. */
const verify = async (projectId: string, who: Who, link?: string): Promise<string> => {
  const sent = await sendCode(projectId, who, link);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = codeIn(await lastMessageTo(who.email, /is your code to sign/));
  const ok = await validate(projectId, who, code, link);
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  expect(ok.body.signer.state).toBe('VERIFIED');
  return ok.body.ticket;
};

const act = (projectId: string, who: Who, body: object, link?: string, ticket?: string) =>
  call<SignerSelf>(as(who), `/signer/${who.signerId}`, {
    method: 'POST',
    query: { projectId },
    body,
    headers: headersOf(link, ticket),
  });

const signBody = (who: Who, consent = true) => ({
  action: 'SIGN',
  ...(consent ? { consent: true } : {}),
  values: [{ fieldId: `sig-${who.signerId}`, type: 'image', png: PNG }],
});

const project = async (projectId: string) => {
  const d = await (await import('../../functions/src/signing/projects.repo.js')).readProject(
    alpine.tenantId,
    projectId,
  );
  return d;
};

const inbox = (caller: Caller) => call<InboxPage>(caller, '/user-center/get-in-box-message');

const trail = async (projectId: string, action: string) =>
  (
    await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
        ExpressionAttributeValues: { ':pk': keys.signingProjectPk(alpine.tenantId, projectId), ':evt': 'EVT#' },
        ConsistentRead: true,
      }),
    )
  ).Items?.filter((i) => i.action === action) ?? [];

const runDaily = async () => {
  const res = await fetch(`${stack.url}/_local/schedules/signingDaily/run`, { method: 'POST' });
  expect(res.status).toBe(200);
};

beforeEach(clearThrottles);

describe('signing in order: an emailed code, consent, then the signature', () => {
  it('takes an account-less signer through the link and code, then the investor from their session and task', async () => {
    const first = accountLess('first', 1);
    const lp: Who = { signerId: 'lp', email: investor.email, caller: await signedIn(alpine, 'LP') };
    const sent = await sentProject('Subscription agreement — ordered', [
      first,
      { signerId: 'lp', name: 'Ada Investor', email: investor.email, userId: investor.userId, role: 'LP', group: 2 },
    ]);
    const { projectId } = sent.project;
    const link = await linkOf(first.email);
    const ref = { projectId, signerId: first.signerId };

    // Without the link, with a wrong one, from another tenant's portal: the same 404.
    expect((await call(anonymous(alpine), '/sign/project', { query: ref })).status).toBe(404);
    expect(
      (await call(anonymous(alpine), '/sign/project', { query: ref, headers: headersOf(`${link}x`) })).status,
    ).toBe(404);
    expect((await call(anonymous(beacon), '/sign/project', { query: ref, headers: headersOf(link) })).status).toBe(404);
    const view = await call<SignProject>(anonymous(alpine), '/sign/project', { query: ref, headers: headersOf(link) });
    expect(view.status).toBe(200);
    expect(view.body.signer).toMatchObject({ state: 'NOTIFIED', verified: false });
    expect(view.body.consentText.text).toMatch(/electronically/);

    // The documents and the progress only after the code.
    const early = await call(anonymous(alpine), '/sign/detail', { query: ref, headers: headersOf(link) });
    expect(err(early).code).toBe('signingVerificationRequired');

    // The investor is in the second group: not their turn yet.
    expect(err(await sendCode(projectId, lp)).code).toBe('signingNotYourTurn');

    const ticket = await verify(projectId, first, link);
    const detail = await call<SignDetail>(anonymous(alpine), '/sign/detail', {
      query: ref,
      headers: headersOf(link, ticket),
    });
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    expect(detail.body.documents[0]?.fields.map((f) => f.fieldId)).toEqual(['sig-first']);
    expect(detail.body.documents[0]?.sourceUrl).toMatch(/signing\/sources\//);

    // No signature without consent; a value for someone else's field is refused naming it.
    expect(err(await act(projectId, first, signBody(first, false), link, ticket)).code).toBe('signingConsentRequired');
    const foreign = await act(
      projectId,
      first,
      { action: 'SIGN', consent: true, values: [{ fieldId: 'sig-lp', type: 'image', png: PNG }] },
      link,
      ticket,
    );
    expect(err(foreign)).toMatchObject({ code: 'signingFieldValueInvalid', details: { field: 'sig-lp' } });
    const signed = await act(projectId, first, signBody(first), link, ticket);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.state).toBe('SIGNED');
    // Twice: the lifecycle's 409.
    expect(err(await act(projectId, first, signBody(first), link, ticket)).code).toBe('TRANSITION_NOT_ALLOWED');

    let now = await project(projectId);
    expect(now.project.status).toBe('PARTLY_SIGNED');
    const firstSigner = now.signers.find((s) => s.signerId === 'first');
    expect(firstSigner).toMatchObject({ ip: expect.any(String), consentIp: expect.any(String) });
    expect(firstSigner?.consentAt).toBeDefined();
    expect(firstSigner?.codeVerifiedAt).toBeDefined();
    expect(firstSigner?.viewedAt).toBeDefined();
    expect(now.values.map((v) => v.fieldId)).toEqual(['sig-first']);
    expect(now.signers.find((s) => s.signerId === 'lp')?.state).toBe('NOTIFIED');

    // The investor's task "documents out for signing" opens on their turn, on the signing page.
    const task = await eventually(
      async () =>
        (await inbox(lp.caller as Caller)).body.items.find(
          (m) => m.kind === 'SIGNING_REQUESTED' && m.params.projectId === projectId,
        ),
      (m) => m !== undefined,
      'the investor’s signing task',
    );
    expect(task?.action?.path).toBe(`/signing/${projectId}/lp`);

    // The investor signs from their session; their signature completes the project.
    const lpTicket = await verify(projectId, lp);
    const done = await act(projectId, lp, signBody(lp), undefined, lpTicket);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    now = await project(projectId);
    expect(now.project.status).toBe('COMPLETED');
    expect(await trail(projectId, 'SIGNING_PROJECT_COMPLETED')).toHaveLength(1);
    const status = await call<SignProjectStatus>(lp.caller as Caller, '/sign/project/status', {
      query: { projectId, signerId: 'lp' },
      headers: headersOf(undefined, lpTicket),
    });
    expect(status.body.signers.map((s) => s.state)).toEqual(['SIGNED', 'SIGNED']);
    // Sealed by the manager side's worker, the sender is told the signed PDF is ready.
    const ownerCaller = await signedIn(alpine, 'GP_OWNER');
    await eventually(
      async () =>
        (await inbox(ownerCaller)).body.items.find(
          (m) => m.kind === 'GP_SIGNING_COMPLETED' && m.params.projectId === projectId,
        ),
      (m) => m !== undefined,
      'the sender’s completed notice',
    );
    // The account-less signer, still holding their ticket, gets the sealed PDF from /sign/detail.
    const after = await call<SignDetail>(anonymous(alpine), '/sign/detail', {
      query: ref,
      headers: headersOf(link, ticket),
    });
    const sealedUrl = after.body.documents[0]?.sealedUrl;
    expect(sealedUrl, JSON.stringify(after.body)).toBeDefined();
    const pdf = Buffer.from(await (await fetch(sealedUrl as string)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Every signer is emailed the signed copy; the account-less signer's link carries a copy token of
    // its own (30 days) that opens /sign/copy without a code, a ticket or the signing link.
    const copyMail = await lastMessageTo(first.email, /Signed by everyone/);
    const copyUrl = linkTokenIn(copyMail).url;
    expect(copyUrl.pathname).toMatch(new RegExp(`/signing/${projectId}/first$`));
    const copyToken = new URLSearchParams(copyUrl.hash.slice(1)).get('copy') ?? '';
    expect(copyToken.length).toBeGreaterThan(20);
    expect((await lastMessageTo(investor.email, /Signed by everyone/)).text).not.toContain('#copy=');
    const copyOf = (r: { projectId: string; signerId: string }, token: string) =>
      call<SignedCopy>(anonymous(alpine), '/sign/copy', { query: r, headers: { 'x-signing-copy': token } });
    const copy = await copyOf(ref, copyToken);
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(copy.body.documents).toHaveLength(1);
    const copied = Buffer.from(await (await fetch(copy.body.documents[0]?.url as string)).arrayBuffer());
    expect(sha256Hex(copied)).toBe(copy.body.documents[0]?.sha256);
    expect(Date.parse(copy.body.availableUntil) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect(await trail(projectId, 'SIGNING_FILE_DOWNLOADED')).toHaveLength(1);
    // Without it, with a wrong one, for another signer, from another tenant: 404.
    expect(err(await copyOf(ref, '')).code).toBe('signingSignerNotFound');
    expect(err(await copyOf(ref, `${copyToken}x`)).code).toBe('signingSignerNotFound');
    expect(err(await copyOf({ projectId, signerId: 'lp' }, copyToken)).code).toBe('signingSignerNotFound');
    const { project: another } = await sentProject('Another project, same signer id', [accountLess('first', 1)]);
    expect(err(await copyOf({ projectId: another.projectId, signerId: 'first' }, copyToken)).code).toBe(
      'signingSignerNotFound',
    );
    const beaconCopy = await call(anonymous(beacon), '/sign/copy', {
      query: ref,
      headers: { 'x-signing-copy': copyToken },
    });
    expect(beaconCopy.status).toBe(404);
    // After its 30 days: 410, told apart from a wrong link so the page can say to ask the sender.
    const stored = (await readItem(keys.signer(alpine.tenantId, projectId, 'first')))?.copy as { hash: string };
    await patchItem(keys.signer(alpine.tenantId, projectId, 'first'), {
      copy: { hash: stored.hash, expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    const expired = await copyOf(ref, copyToken);
    expect(expired.status).toBe(410);
    expect(err(expired).code).toBe('signingCopyExpired');
    // Signing closed the task.
    await eventually(
      async () => (await inbox(lp.caller as Caller)).body.items.find((m) => m.messageId === task?.messageId),
      (m) => m?.task?.status === 'CLOSED' || m?.task?.status === 'DONE',
      'the signing task to close',
    );
  });

  it('lets a parallel group sign in any order, and tells the next group only when both have', async () => {
    const a = accountLess('a', 1);
    const b = accountLess('b', 1);
    const c = accountLess('c', 2);
    const { project: p } = await sentProject('Parallel group', [a, b, c]);
    const [linkA, linkB] = await Promise.all([linkOf(a.email), linkOf(b.email)]);
    const [ticketA, ticketB] = await Promise.all([verify(p.projectId, a, linkA), verify(p.projectId, b, linkB)]);
    expect((await act(p.projectId, b, signBody(b), linkB, ticketB)).status).toBe(200);
    expect((await project(p.projectId)).signers.find((s) => s.signerId === 'c')?.state).toBe('WAITING');
    expect((await act(p.projectId, a, signBody(a), linkA, ticketA)).status).toBe(200);
    const now = await project(p.projectId);
    expect(now.project.status).toBe('PARTLY_SIGNED');
    expect(now.signers.find((s) => s.signerId === 'c')?.state).toBe('NOTIFIED');
    // C's invitation arrives once their turn came.
    expect(await linkOf(c.email)).not.toBe('');
  });

  it('gives a GP user who countersigns their task in the console, and takes their signature from their session', async () => {
    const investorFirst = accountLess('lp1', 1);
    const gp: Who = { signerId: 'gp', email: owner.email, caller: await signedIn(alpine, 'GP_OWNER') };
    const { project: p } = await sentProject('Countersigned', [
      investorFirst,
      { signerId: 'gp', name: 'Owen Owner', email: owner.email, userId: owner.userId, role: 'GP', group: 2 },
    ]);
    const link = await linkOf(investorFirst.email);
    const ticket = await verify(p.projectId, investorFirst, link);
    expect((await act(p.projectId, investorFirst, signBody(investorFirst), link, ticket)).status).toBe(200);
    const task = await eventually(
      async () =>
        (await inbox(gp.caller as Caller)).body.items.find(
          (m) => m.kind === 'GP_SIGNING_REQUESTED' && m.params.projectId === p.projectId,
        ),
      (m) => m !== undefined,
      'the countersigner’s task',
    );
    expect(task?.action?.path).toBe(`/signing/${p.projectId}/gp`);
    // Another team member's session is not the countersigner's.
    const admin = await signedIn(alpine, 'GP_ADMIN');
    expect((await sendCode(p.projectId, { ...gp, caller: admin })).status).toBe(404);
    const gpTicket = await verify(p.projectId, gp);
    expect((await act(p.projectId, gp, signBody(gp), undefined, gpTicket)).status).toBe(200);
    expect((await project(p.projectId)).project.status).toBe('COMPLETED');
  });

  it('refuses a signer of another project and another tenant with 404', async () => {
    const x = accountLess('x', 1);
    const { project: p } = await sentProject('Another project', [x]);
    const link = await linkOf(x.email);
    const { project: other } = await sentProject('Yet another', [accountLess('x', 1)]);
    // The same signer id, the same link, another project: not theirs.
    expect(
      (
        await call(anonymous(alpine), '/sign/project', {
          query: { projectId: other.projectId, signerId: 'x' },
          headers: headersOf(link),
        })
      ).status,
    ).toBe(404);
    expect((await sendCode(other.projectId, x, link)).status).toBe(404);
    expect(
      (await call(anonymous(beacon), `/signer/x`, { query: { projectId: p.projectId }, headers: headersOf(link) }))
        .status,
    ).toBe(404);
  });
});

describe('the code and the lock', () => {
  it('locks the link at the fifth wrong code however many guesses race, and tells the sender once', async () => {
    const s = accountLess('locked', 1);
    const { project: p } = await sentProject('Locked link', [s]);
    const link = await linkOf(s.email);
    expect((await sendCode(p.projectId, s, link)).status).toBe(200);
    const code = codeIn(await lastMessageTo(s.email, /is your code to sign/));
    const wrong = code === '000000' ? '111111' : '000000';
    const guesses = await Promise.all(Array.from({ length: 8 }, () => validate(p.projectId, s, wrong, link)));
    const codes = guesses.map((g) => err(g).code).sort();
    expect(codes.filter((c) => c === 'signingCodeInvalid')).toHaveLength(4);
    expect(codes.filter((c) => c === 'signingLinkLocked')).toHaveLength(4);
    // Even the right code no longer opens it.
    expect(err(await validate(p.projectId, s, code, link)).code).toBe('signingLinkLocked');
    const now = await project(p.projectId);
    expect(now.signers[0]).toMatchObject({ state: 'LOCKED', code: { attempts: 5 } });
    expect(await trail(p.projectId, 'SIGNER_LOCKED')).toHaveLength(1);

    // The sender: an email and a task to resend the link.
    // Twice the usual wait: in the full run this notice has come after 30 s twice (the shared dispatcher
    // busy with the files before; the failure prints its figures).
    // In the sender's language, English (the auth harness's role matrix no longer sets the seeded users'
    // language: test/support/examples.ts updateCurrentUser).
    await lastMessageTo(owner.email, /Signing link locked: Signer locked/, { waitMs: 60_000 }).catch(
      async (error: Error) => {
        // What the next reader of this failure needs: whether the sender could be written to (an active
        // team member, events/inbox.ts), which consumers marked the event done, and what the sender did get.
        const { findUser } = await import('../../functions/src/user/user.repo.js');
        const sender = await findUser(alpine.tenantId, owner.userId);
        const [locked] = await trail(p.projectId, 'SIGNER_LOCKED');
        const eventPk = keys.domainEventPk(alpine.tenantId, String(locked?.eventId));
        const event = await db.send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'PK = :pk',
            ExpressionAttributeValues: { ':pk': eventPk },
            ConsistentRead: true,
          }),
        );
        const got = (await outbox()).filter((m) => m.to.includes(owner.email)).slice(0, 5);
        throw new Error(
          `${error.message}; sender: ${JSON.stringify({ inviteStatus: sender?.inviteStatus, accountState: sender?.accountState, role: sender?.role, language: sender?.language, email: sender?.email })}; event items: ${JSON.stringify(event.Items?.map((i) => [i.SK, i.state, i.name]))}; newest to the sender: ${JSON.stringify(got.map((m) => [m.time, m.subject]))}`,
        );
      },
    );
    const ownerCaller = await signedIn(alpine, 'GP_OWNER');
    const lockTasks = async () =>
      (await inbox(ownerCaller)).body.items.filter(
        (m) => m.kind === 'GP_SIGNING_LINK_LOCKED' && m.params.projectId === p.projectId,
      );
    await eventually(lockTasks, (t) => t.length === 1, 'the sender’s lock task');

    // The event delivered again creates nothing twice.
    const { applyOnce } = await import('../../functions/src/events/marks.js');
    const { inboxRecords } = await import('../../functions/src/events/inbox.js');
    const { checkEvent } = await import('@tranche/shared/events/catalogue');
    const [locked] = await trail(p.projectId, 'SIGNER_LOCKED');
    const checked = checkEvent(await readItem(keys.domainEvent(alpine.tenantId, String(locked?.eventId))));
    if (!checked.ok) throw new Error(checked.reason);
    if (!('records' in inboxRecords)) throw new Error('inboxRecords writes records');
    expect(await applyOnce(checked.event, inboxRecords.name, await inboxRecords.records(checked.event))).toBe(false);
    expect(await lockTasks()).toHaveLength(1);

    // The sender's resend reopens it with a new link (the old one is dead) and closes the task.
    await projects.resendSigner(actor(), 'GP_OWNER', { projectId: p.projectId, signerId: s.signerId });
    const fresh = await eventually(
      () => linkOf(s.email),
      (t) => t !== link,
      'a new link',
    );
    expect(
      (
        await call(anonymous(alpine), '/sign/project', {
          query: { projectId: p.projectId, signerId: s.signerId },
          headers: headersOf(link),
        })
      ).status,
    ).toBe(404);
    const ticket = await verify(p.projectId, s, fresh);
    expect(ticket).not.toBe('');
    await eventually(
      async () => (await lockTasks())[0]?.task?.status,
      (st) => st === 'CLOSED',
      'the lock task to close on resend',
    );
  }, 120_000);
});

describe('decline, void and expiry', () => {
  it('ends the project on a decline, cancels the others and tells the sender', async () => {
    const d = accountLess('decliner', 1);
    const other = accountLess('other', 1);
    const { project: p } = await sentProject('Declined', [d, other]);
    const link = await linkOf(d.email);
    const ticket = await verify(p.projectId, d, link);
    const declined = await act(p.projectId, d, { action: 'DECLINE', reason: 'The amount is wrong.' }, link, ticket);
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    const now = await project(p.projectId);
    expect(now.project.status).toBe('DECLINED');
    expect(now.signers.map((s) => s.state).sort()).toEqual(['CANCELLED', 'DECLINED']);
    const ownerCaller = await signedIn(alpine, 'GP_OWNER');
    await eventually(
      async () =>
        (await inbox(ownerCaller)).body.items.find(
          (m) => m.kind === 'GP_SIGNING_DECLINED' && m.body.includes('The amount is wrong.'),
        ),
      (m) => m !== undefined,
      'the sender’s decline notice',
    );
  });

  it('refuses a signature after the sender voided the project', async () => {
    const s = accountLess('voided', 1);
    const { project: p } = await sentProject('Voided', [s]);
    const link = await linkOf(s.email);
    const ticket = await verify(p.projectId, s, link);
    await projects.voidProject(actor(), 'GP_OWNER', { projectId: p.projectId, reason: 'Wrong document' });
    const res = await act(p.projectId, s, signBody(s), link, ticket);
    expect(res.status).toBe(409);
    expect(err(res).code).toBe('TRANSITION_NOT_ALLOWED');
  });

  it('reminds a signer after N days with a fresh link, and expires a project past its date', async () => {
    const s = accountLess('reminded', 1);
    const { project: p } = await sentProject('Reminded', [s]);
    const link = await linkOf(s.email);
    const fourDaysAgo = new Date(Date.now() - 4 * 24 * 3600_000).toISOString();
    await patchItem(keys.signer(alpine.tenantId, p.projectId, s.signerId), { notifiedAt: fourDaysAgo });
    await runDaily();
    const reminder = await eventually(
      () => linkOf(s.email, /waits for your signature/),
      (t) => t !== link,
      'the reminder',
    );
    expect(reminder).not.toBe(link);
    expect((await readItem(keys.signer(alpine.tenantId, p.projectId, s.signerId)))?.remindedAt).toBeDefined();

    // Past its expiry: expired by the job, the signer cancelled, a signature refused.
    const ticket = await verify(p.projectId, s, reminder);
    await patchItem(keys.signingProject(alpine.tenantId, p.projectId), {
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(err(await act(p.projectId, s, signBody(s), reminder, ticket)).code).toBe('TRANSITION_NOT_ALLOWED');
    await runDaily();
    const now = await project(p.projectId);
    expect(now.project.status).toBe('EXPIRED');
    expect(now.signers[0]?.state).toBe('CANCELLED');
    expect(await trail(p.projectId, 'SIGNING_PROJECT_EXPIRED')).toHaveLength(1);
    expect(err(await act(p.projectId, s, signBody(s), reminder, ticket)).code).toBe('TRANSITION_NOT_ALLOWED');
    const ownerCaller = await signedIn(alpine, 'GP_OWNER');
    await eventually(
      async () =>
        (await inbox(ownerCaller)).body.items.find(
          (m) => m.kind === 'GP_SIGNING_EXPIRED' && m.params.projectId === p.projectId,
        ),
      (m) => m !== undefined,
      'the sender’s expiry notice',
    );
  });
});
