/**
 * `npm run tenant:create -- --name "Acme Capital" --prefix acme --owner-email owner@acme.example
 *   --owner-name "Ann Owner" [--language en --language zh-CN] [--default-language en]
 *   [--currency USD] [--api <base url>]`
 *
 * Creates a tenant through the platform operator's route (POST /api/tenants) of the local stack
 * (default http://localhost:3000) or of a deployment (`--api https://<the portal's address>`), and
 * prints the new tenant and where its first owner's activation email went.
 *
 * The operator key comes from TRANCHE_OPERATOR_KEY; against the local stack, when that is unset, from
 * `.local/operator-key`, which `npm start` writes (a new key each start). In a deployment it is the
 * Secrets Manager secret the Api stack outputs as OperatorKeySecretArn (docs/decisions.md
 * "Platform operator").
 */
import { fail, operatorTarget, parseCommand } from './operator-client.js';

const usage = `Usage: npm run tenant:create -- --name <display name> --prefix <prefix> --owner-email <email> --owner-name <name>
       [--language <en|zh-CN>]... [--default-language <lang>] [--currency <ISO 4217>] [--api <base url>]`;

/** The request's field names as this command's flags, for error messages. */
const FLAGS: Record<string, string> = {
  'body.name': '--name',
  'body.prefix': '--prefix',
  'body.owner.email': '--owner-email',
  'body.owner.displayName': '--owner-name',
  'body.languages': '--language',
  'body.defaultLanguage': '--default-language',
  'body.baseCurrency': '--currency',
};

const values = parseCommand(
  {
    name: { type: 'string' },
    prefix: { type: 'string' },
    'owner-email': { type: 'string' },
    'owner-name': { type: 'string' },
    language: { type: 'string', multiple: true },
    'default-language': { type: 'string' },
    currency: { type: 'string' },
  },
  usage,
);
const missing = ['name', 'prefix', 'owner-email', 'owner-name'].filter((k) => !values[k as keyof typeof values]);
if (missing.length > 0) fail(`Missing ${missing.map((k) => `--${k}`).join(', ')}\n${usage}`);
const { api, isLocal, operatorKey } = operatorTarget(values.api);

const body = {
  name: values.name,
  prefix: values.prefix,
  owner: { email: values['owner-email'], displayName: values['owner-name'] },
  ...(values.language ? { languages: values.language } : {}),
  ...(values['default-language'] ? { defaultLanguage: values['default-language'] } : {}),
  ...(values.currency ? { baseCurrency: values.currency } : {}),
};

let res: Response;
try {
  res = await fetch(new URL('/api/tenants', api), {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorKey()}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
} catch (error) {
  fail(`Could not reach ${api.origin}: ${(error as Error).message}`);
}
const answer = (await res!.json().catch(() => ({}))) as {
  code?: string;
  message?: string;
  details?: { fields?: { field: string; message: string }[] };
  tenant?: { tenantId: string; prefix: string; name: string };
  owner?: { email: string; inviteStatus: string };
  portalUrl?: string;
};
if (!res!.ok) {
  const fields = (answer.details?.fields ?? []).map((f) => `  ${FLAGS[f.field] ?? f.field}: ${f.message}`);
  fail([`Refused (${res!.status} ${answer.code ?? ''}): ${answer.message ?? ''}`, ...fields].join('\n'));
}

console.log(`Created tenant ${answer.tenant?.name}
  tenant id:  ${answer.tenant?.tenantId}
  prefix:     ${answer.tenant?.prefix}
  portal:     ${answer.portalUrl}
  owner:      ${answer.owner?.email} (${answer.owner?.inviteStatus}): the activation link is valid for 72 hours
  email:      ${
    isLocal
      ? `in the local mailbox, ${new URL('/_local/mailbox', api).toString()}`
      : "sent through the deployment's SES identity (context mailFrom)"
  }`);
