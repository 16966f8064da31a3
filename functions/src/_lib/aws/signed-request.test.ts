import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { awsJson, COGNITO, endpointOf, errorName, SECRETS_MANAGER } from './signed-request.js';

/** A JSON 1.1 service on localhost that answers from a queue and records what it was sent. */
let server: Server;
const seen: { headers: IncomingMessage['headers']; body: string }[] = [];
let answers: { status: number; body: object; headers?: Record<string, string> }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ headers: req.headers, body });
      const answer = answers.shift() ?? { status: 200, body: {} };
      res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.1', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  vi.stubEnv('AWS_REGION', 'eu-west-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  vi.stubEnv(
    'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
    `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  );
});
afterAll(() => {
  vi.unstubAllEnvs();
  server.close();
});
beforeEach(() => {
  seen.length = 0;
  answers = [];
});

describe('signed AWS JSON calls', () => {
  it('posts the operation signed with SigV4 for the service and answers the parsed output', async () => {
    answers = [{ status: 200, body: { AuthenticationResult: { AccessToken: 'x' } } }];
    const out = await awsJson<{ AuthenticationResult?: object }>(
      COGNITO,
      'AWSCognitoIdentityProviderService.AdminInitiateAuth',
      { UserPoolId: 'p' },
    );
    expect(out.AuthenticationResult).toEqual({ AccessToken: 'x' });
    const [call] = seen;
    expect(call?.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.AdminInitiateAuth');
    expect(call?.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(call?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/cognito-idp\/aws4_request, SignedHeaders=.*host.*x-amz-target/,
    );
    expect(JSON.parse(call?.body ?? '')).toEqual({ UserPoolId: 'p' });
  });

  it('names errors as the SDK does, from __type or the error-type header, and does not retry a 4xx', async () => {
    answers = [{ status: 400, body: { __type: 'CognitoLocal#UsernameExistsException', message: 'exists' } }];
    await expect(awsJson(COGNITO, 'T.AdminCreateUser', {})).rejects.toMatchObject({
      name: 'UsernameExistsException',
      message: 'exists',
      $fault: 'client',
      $metadata: { httpStatusCode: 400 },
    });
    answers = [{ status: 400, body: {}, headers: { 'x-amzn-errortype': 'NotAuthorizedException:http://x/' } }];
    await expect(awsJson(COGNITO, 'T.X', {})).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(seen).toHaveLength(2);
  });

  it('tries a 5xx or a throttled call up to three times in all', async () => {
    answers = [
      { status: 500, body: { __type: 'InternalErrorException' } },
      { status: 400, body: { __type: 'TooManyRequestsException' } },
      { status: 200, body: { ok: true } },
    ];
    expect(await awsJson(COGNITO, 'T.X', {})).toEqual({ ok: true });
    answers = [0, 1, 2, 3].map(() => ({ status: 503, body: { __type: 'ServiceUnavailable' } }));
    await expect(awsJson(COGNITO, 'T.X', {})).rejects.toMatchObject({ name: 'ServiceUnavailable', $fault: 'server' });
    expect(seen).toHaveLength(6);
  });

  it('resolves endpoints as the SDK: the service variable, else the regional host', () => {
    expect(endpointOf(SECRETS_MANAGER).href).toBe('https://secretsmanager.eu-west-1.amazonaws.com/');
    expect(errorName('com.amazonaws.kms#InvalidCiphertextException')).toBe('InvalidCiphertextException');
  });
});
