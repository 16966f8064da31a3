import { describe, expect, it } from 'vitest';

describe('mailer', () => {
  it("answers the spec's Failed ('Email delivery failed') when SES cannot be reached", async () => {
    // Nothing listens on port 9 of this machine: the send fails like an SES outage would.
    process.env.AWS_ENDPOINT_URL_SESV2 = 'http://127.0.0.1:9';
    process.env.AWS_REGION ??= 'us-east-1';
    process.env.AWS_ACCESS_KEY_ID ??= 'test';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'test';
    process.env.MAIL_FROM ??= 'no-reply@tranche.local';
    const { sendEmail } = await import('./mailer.js');
    await expect(sendEmail({ to: 'a@b.example', subject: 's', text: 't' })).rejects.toMatchObject({ code: 'Failed' });
  });
});
