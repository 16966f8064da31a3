import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { ENV } from '@tranche/shared/infra/table';
import { jsonError, SES, SNS, signedRequest, xmlError } from './aws/signed-request.js';
import { DomainError } from './errors.js';
import { logger } from './logger.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends through SES v2 (email) and SNS (SMS) as single signed calls (#lib/aws/signed-request): the
 * two SDK clients were ~80 KB of each handler that sends a code the user waits for. Endpoints
 * come from the environment, so locally both land in the outbox. A failed send answers the spec's
 * `Failed` ('Email delivery failed') rather than a 500: the caller can try again.
 */
export const sendEmail = async (email: OutgoingEmail): Promise<void> => {
  const from = process.env[ENV.mailFrom];
  if (!from) throw new Error(`${ENV.mailFrom} is not set`);
  try {
    const input: SendEmailCommandInput = {
      FromEmailAddress: from,
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' } },
        },
      },
    };
    // SES v2 SendEmail (REST-JSON).
    await signedRequest(
      SES,
      {
        method: 'POST',
        path: '/v2/email/outbound-emails',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      },
      jsonError,
    );
  } catch (error) {
    logger.error('email not sent', { error: error as Error });
    throw new DomainError('Failed');
  }
};

export const sendSms = async (phoneNumber: string, text: string): Promise<void> => {
  try {
    // SNS Publish (query protocol: a form body, an XML answer).
    const form = new URLSearchParams({
      Action: 'Publish',
      Version: '2010-03-31',
      PhoneNumber: phoneNumber,
      Message: text,
      'MessageAttributes.entry.1.Name': 'AWS.SNS.SMS.SMSType',
      'MessageAttributes.entry.1.Value.DataType': 'String',
      'MessageAttributes.entry.1.Value.StringValue': 'Transactional',
    });
    await signedRequest(
      SNS,
      {
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      },
      xmlError,
    );
  } catch (error) {
    logger.error('sms not sent', { error: error as Error });
    throw new DomainError('Failed');
  }
};
