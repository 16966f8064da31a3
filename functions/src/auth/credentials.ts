import type {
  AdminCreateUserCommandInput,
  AdminInitiateAuthCommandInput,
  AdminInitiateAuthCommandOutput,
  AdminSetUserPasswordCommandInput,
  AdminUpdateUserAttributesCommandInput,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '@tranche/shared/auth/roles';
import { ENV } from '@tranche/shared/infra/table';
import { awsJson, COGNITO } from '#lib/aws/signed-request';
import { cognitoUsername } from '#lib/identity';
import { newOpaqueToken } from '#lib/secrets';

/**
 * The credential store: Cognito holds the passwords; this module is the only one that talks to it.
 * Our own rules (policy, lockout, MFA, disabled users) are enforced by the callers, because the
 * API, not Cognito, is where they hold exactly (and cognito-local enforces none of them).
 * Four signed JSON calls instead of the Cognito SDK client, whose schemas are 33 KB of every bundle
 * that signs in or sets a password (#lib/aws/signed-request); the SDK's types still check the shapes.
 */
const cognito = <In, Out = unknown>(operation: string, input: In) =>
  awsJson<Out>(COGNITO, `AWSCognitoIdentityProviderService.${operation}`, input as object);

const poolId = () => {
  const id = process.env[ENV.userPoolId];
  if (!id) throw new Error(`${ENV.userPoolId} is not set`);
  return id;
};
const clientId = () => {
  const id = process.env[ENV.userPoolClientId];
  if (!id) throw new Error(`${ENV.userPoolClientId} is not set`);
  return id;
};

/**
 * Cognito's answers that mean "these credentials do not sign in". AWS says NotAuthorizedException
 * for a wrong password, cognito-local InvalidPasswordException; an unknown user is
 * UserNotFoundException (or NotAuthorizedException with prevent-user-existence-errors); a username
 * Cognito cannot hold is InvalidParameterException. All of them are one failed attempt.
 */
const NOT_SIGNED_IN = new Set([
  'NotAuthorizedException',
  'InvalidPasswordException',
  'UserNotFoundException',
  'InvalidParameterException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

/** Whether the password is the user's current one. Any other Cognito trouble is thrown (5xx/503). */
export const passwordMatches = async (tenantId: string, email: string, password: string): Promise<boolean> => {
  try {
    const out = await cognito<AdminInitiateAuthCommandInput, AdminInitiateAuthCommandOutput>('AdminInitiateAuth', {
      UserPoolId: poolId(),
      ClientId: clientId(),
      AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: cognitoUsername(tenantId, email), PASSWORD: password },
    });
    // A challenge (e.g. NEW_PASSWORD_REQUIRED) is not a sign-in.
    return Boolean(out.AuthenticationResult);
  } catch (error) {
    if (NOT_SIGNED_IN.has((error as { name?: string }).name ?? '')) return false;
    throw error;
  }
};

export const setPassword = async (tenantId: string, email: string, password: string): Promise<void> => {
  await cognito<AdminSetUserPasswordCommandInput>('AdminSetUserPassword', {
    UserPoolId: poolId(),
    Username: cognitoUsername(tenantId, email),
    Password: password,
    Permanent: true,
  });
};

/**
 * Creates the Cognito user with tenant and role as immutable attributes, and its password. An
 * invited user gets a random unusable password until they set theirs through the emailed link.
 * Creating a user that exists (an unconfirmed sign-up tried again) only replaces the password.
 */
export const createLogin = async (input: {
  tenantId: string;
  email: string;
  role: Role;
  password?: string;
}): Promise<void> => {
  try {
    await cognito<AdminCreateUserCommandInput>('AdminCreateUser', {
      UserPoolId: poolId(),
      Username: cognitoUsername(input.tenantId, input.email),
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: input.email },
        { Name: 'email_verified', Value: 'false' },
        { Name: 'custom:tenantId', Value: input.tenantId },
        { Name: 'custom:role', Value: input.role },
      ],
    });
  } catch (error) {
    if ((error as { name?: string }).name !== 'UsernameExistsException') throw error;
  }
  await setPassword(input.tenantId, input.email, input.password ?? `${newOpaqueToken()}aA1!`);
};

export const markEmailVerified = async (tenantId: string, email: string): Promise<void> => {
  await cognito<AdminUpdateUserAttributesCommandInput>('AdminUpdateUserAttributes', {
    UserPoolId: poolId(),
    Username: cognitoUsername(tenantId, email),
    // Cognito wants the address itself with its verification flag.
    UserAttributes: [
      { Name: 'email', Value: email.trim().toLowerCase() },
      { Name: 'email_verified', Value: 'true' },
    ],
  });
};
