import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { PublishCommand } from '@aws-sdk/client-sns';
import { ENV } from '@tranche/shared/infra/table';
import { ses, sns } from './aws/clients.js';
import { DomainError } from './errors.js';
import { logger } from './logger.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends through SES v2 (email) and SNS (SMS) with the SDK clients; endpoints come from the
 * environment, so locally both land in the outbox. A failed send answers the spec's `Failed`
 * ('Email delivery failed') rather than a 500: the caller can try again.
 */
export const sendEmail = async (email: OutgoingEmail): Promise<void> => {
  const from = process.env[ENV.mailFrom];
  if (!from) throw new Error(`${ENV.mailFrom} is not set`);
  try {
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [email.to] },
        Content: {
          Simple: {
            Subject: { Data: email.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: email.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  } catch (error) {
    logger.error('email not sent', { error: error as Error });
    throw new DomainError('Failed');
  }
};

export const sendSms = async (phoneNumber: string, text: string): Promise<void> => {
  try {
    await sns.send(
      new PublishCommand({
        PhoneNumber: phoneNumber,
        Message: text,
        MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
      }),
    );
  } catch (error) {
    logger.error('sms not sent', { error: error as Error });
    throw new DomainError('Failed');
  }
};
