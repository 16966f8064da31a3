import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { ENV } from '@tranche/shared/infra/table';
import { cached, requestHandler } from './aws/runtime-secrets.js';

let ssm: SSMClient | undefined;

/** A plain SSM String parameter, cached like the secrets (only the functions that build links load SSM). */
const parameterValue = async (name: string): Promise<string> => {
  const [value] = await cached(`ssm:${name}`, async () => {
    ssm ??= new SSMClient({ maxAttempts: 3, requestHandler });
    const out = await ssm.send(new GetParameterCommand({ Name: name }));
    return [out.Parameter?.Value ?? ''];
  });
  if (!value) throw new Error(`Parameter ${name} has no value`);
  return value;
};

/**
 * The portal's own address, for links in emails: PORTAL_BASE_URL when the deployment knows it at
 * synth time (a custom domain, the local stack), else the SSM parameter the Web stack writes with
 * its CloudFront address (PORTAL_BASE_URL_PARAMETER; the API stack is deployed before the
 * distribution exists, so it cannot take the address as a value). Never the request's Host header.
 */
export const portalBaseUrl = async (): Promise<string> => {
  const direct = process.env[ENV.portalBaseUrl];
  if (direct) return direct;
  const parameter = process.env[ENV.portalBaseUrlParameter];
  if (parameter) return parameterValue(parameter);
  throw new Error(`Neither ${ENV.portalBaseUrl} nor ${ENV.portalBaseUrlParameter} is set`);
};
