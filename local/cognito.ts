import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL_DEF } from '@tranche/shared/infra/user-pool';
import { waitUntil } from './ports.js';
import { track } from './processes.js';

/**
 * cognito-local as a child process with its own working folder: it resolves its `.cognito` data
 * folder against its working directory on every write (LOCAL-AWS.md). The folder is wiped at each
 * start, like the rest of the local stack.
 */
export const startCognito = async (port: number, directory: string, log: (line: string) => void) => {
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(join(directory, '.cognito'), { recursive: true });
  // Usernames are tenant-scoped (see functions/src/_lib/identity.ts), not the email alias that
  // cognito-local assumes by default.
  writeFileSync(
    join(directory, '.cognito', 'config.json'),
    JSON.stringify({ UserPoolDefaults: { UsernameAttributes: [] } }),
  );
  const bin = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');
  const child = track(
    spawn(process.execPath, [bin], {
      cwd: directory,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    'cognito',
    log,
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await waitUntil('cognito-local', async () => {
    await client.send(new ListUserPoolsCommand({ MaxResults: 1 }));
    return true;
  });
  return { endpoint, child, client };
};

/** Creates the user pool and the API's app client from USER_POOL_DEF. */
export const createUserPool = async (client: CognitoIdentityProviderClient, name: string) => {
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: name,
      Policies: { PasswordPolicy: { MinimumLength: USER_POOL_DEF.passwordMinLength } },
      Schema: USER_POOL_DEF.customAttributes.map((a) => ({
        Name: a.name,
        AttributeDataType: 'String',
        Mutable: false,
        StringAttributeConstraints: { MaxLength: String(a.maxLength) },
      })),
    }),
  );
  const poolId = UserPool?.Id;
  if (!poolId) throw new Error('cognito-local created no user pool');
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: poolId,
      ClientName: `${name}-api`,
      ExplicitAuthFlows: [...USER_POOL_DEF.clientAuthFlows],
      ReadAttributes: ['email', 'email_verified', 'custom:tenantId', 'custom:role'],
      WriteAttributes: ['email'],
    }),
  );
  if (!UserPoolClient?.ClientId) throw new Error('cognito-local created no app client');
  return { userPoolId: poolId, clientId: UserPoolClient.ClientId };
};
