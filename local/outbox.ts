import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The local outbox: what the deployed stack would send through SES (email) and SNS (SMS).
 * Application code sends with the AWS SDK as usual; locally AWS_ENDPOINT_URL_SESV2 and
 * AWS_ENDPOINT_URL_SNS point at this stand-in, which keeps the messages for developers and tests.
 * Neither the stand-in nor /_local/* exists in the deployed stack.
 */
export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string[];
  from?: string;
  subject: string;
  text: string;
  html?: string;
  time: string;
}

export class Outbox {
  private readonly messages: OutboxMessage[] = [];
  private seq = 0;

  add(message: Omit<OutboxMessage, 'id' | 'time'>): OutboxMessage {
    const stored = { ...message, id: `local-${++this.seq}`, time: new Date().toISOString() };
    this.messages.push(stored);
    return stored;
  }

  /** Newest first. */
  list(): OutboxMessage[] {
    return [...this.messages].reverse();
  }
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

interface SesSendEmail {
  FromEmailAddress?: string;
  Destination?: { ToAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string }; Html?: { Data?: string } } } };
}

/** Speaks SESv2 SendEmail (REST JSON) and SNS Publish (query protocol), the two calls we make. */
export const outboxServiceHandler =
  (outbox: Outbox) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    if (req.method === 'POST' && req.url?.startsWith('/v2/email/outbound-emails')) {
      const input = JSON.parse(body || '{}') as SesSendEmail;
      const simple = input.Content?.Simple;
      const stored = outbox.add({
        channel: 'email',
        to: input.Destination?.ToAddresses ?? [],
        from: input.FromEmailAddress,
        subject: simple?.Subject?.Data ?? '',
        text: simple?.Body?.Text?.Data ?? '',
        html: simple?.Body?.Html?.Data,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ MessageId: stored.id }));
      return;
    }
    const form = new URLSearchParams(body);
    if (req.method === 'POST' && form.get('Action') === 'Publish') {
      const stored = outbox.add({
        channel: 'sms',
        to: [form.get('PhoneNumber') ?? ''],
        subject: 'SMS',
        text: form.get('Message') ?? '',
      });
      res
        .writeHead(200, { 'content-type': 'text/xml' })
        .end(
          `<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>${stored.id}</MessageId></PublishResult><ResponseMetadata><RequestId>${stored.id}</RequestId></ResponseMetadata></PublishResponse>`,
        );
      return;
    }
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Unsupported call' }));
  };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A readable mailbox page for developers: /_local/mailbox. */
export const mailboxPage = (messages: OutboxMessage[]): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local mailbox · Tranche</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1a1b1e}
article{border:1px solid #dee2e6;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:.2rem 0;font-size:1.1rem}
.meta{color:#495057;font-size:.9rem}pre{white-space:pre-wrap;background:#f8f9fa;padding:.75rem;border-radius:6px}</style></head>
<body><h1>Local mailbox</h1><p class="meta">Email and SMS the local stack would have sent, newest first. JSON: <a href="/_local/outbox">/_local/outbox</a>. This page does not exist in the deployed stack.</p>
${messages.length === 0 ? '<p>No messages yet.</p>' : ''}
${messages
  .map(
    (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">${m.channel.toUpperCase()} to ${escapeHtml(m.to.join(', '))} · <time datetime="${m.time}">${m.time}</time></p>
<pre>${escapeHtml(m.text)}</pre></article>`,
  )
  .join('\n')}
</body></html>`;
