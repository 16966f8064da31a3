import { PORTAL_ADDRESS_PENDING, TABLE_DEF } from '@tranche/shared/infra/table';
import { DATA_ROOM_CORS, USER_POOL_DEF } from '@tranche/shared/infra/user-pool';
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { type DeploymentConfig, portalAddressParameterName } from '../config.js';
import { suppressBucketDeploymentFindings } from '../constructs/bucket-deployment-nag.js';
import { createLogBucket } from '../constructs/log-bucket.js';
import { MalwareProtection } from '../constructs/malware-protection.js';
import { DATA_ROOM_EXPIRY } from '../data-room.js';
import { FUNCTIONS_SRC } from '../paths.js';

export interface DataStackProps extends StackProps {
  readonly config: DeploymentConfig;
}

const str = (name: string): dynamodb.Attribute => ({ name, type: dynamodb.AttributeType.STRING });

/**
 * The deployment's stateful resources: table, data room, user pool, the secret-box key (envelope
 * encryption of TOTP secrets) and the reCAPTCHA secret. Everything here is retained.
 */
export class DataStack extends Stack {
  readonly table: dynamodb.Table;
  readonly dataRoomBucket: s3.Bucket;
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  /** The secret box's KMS key: data keys for authenticator seeds (functions/src/_lib/crypto/secret-box.ts). */
  readonly secretBoxKey: kms.Key;
  readonly recaptchaSecret: secretsmanager.ISecret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: str(TABLE_DEF.partitionKey),
      sortKey: str(TABLE_DEF.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: TABLE_DEF.ttlAttribute,
      stream: dynamodb.StreamViewType[TABLE_DEF.stream],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of TABLE_DEF.gsis) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: str(gsi.partitionKey),
        sortKey: str(gsi.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    const accessLogs = createLogBucket(this, 'AccessLogs');
    this.dataRoomBucket = new s3.Bucket(this, 'DataRoom', {
      versioned: true,
      // Signed records get per-object retention from the API; the bucket must be created lockable.
      // Deliberately no default retention (`objectLockDefaultRetention`): it would apply to every new
      // object, uploads/ and derived/ included, and lifecycle cannot remove a locked version.
      objectLockEnabled: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'data-room/',
      cors: [
        {
          allowedMethods: DATA_ROOM_CORS.allowedMethods.map((m) => s3.HttpMethods[m]),
          allowedOrigins: siteOrigins(config),
          allowedHeaders: [...DATA_ROOM_CORS.allowedHeaders],
          exposedHeaders: [...DATA_ROOM_CORS.exposedHeaders],
          maxAge: DATA_ROOM_CORS.maxAgeSeconds,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { noncurrentVersionExpiration: Duration.days(365) },
        // Where rules overlap S3 applies the shortest expiry; with Days set, it also removes the
        // delete markers left once every version is gone (cdk/lib/data-room.ts).
        ...DATA_ROOM_EXPIRY.map(({ id, prefix, days }) => ({
          id,
          prefix,
          expiration: Duration.days(days),
          noncurrentVersionExpiration: Duration.days(days),
        })),
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Uploads are scanned for malware before anyone may read them (issue 11, docs/profiles.md).
    new MalwareProtection(this, 'UploadMalwareProtection', { bucket: this.dataRoomBucket });
    // The screening list's sample (issue 11, docs/profiles.md "Loading the real list"), uploaded at each
    // deployment to its own key: the KYC workers read the operators' real list (a key of its own that
    // this never touches, no pruning) and fall back to this one, so no Lambda carries a list file.
    new s3deploy.BucketDeployment(this, 'ScreeningSampleList', {
      sources: [s3deploy.Source.asset(`${FUNCTIONS_SRC}/screening/sample`, { exclude: ['README.md'] })],
      destinationBucket: this.dataRoomBucket,
      // SCREENING_LIST_KEYS.sample in functions/src/screening/list-source.ts.
      destinationKeyPrefix: 'platform/screening/sample/',
      prune: false,
      retainOnDelete: true,
    });
    suppressBucketDeploymentFindings(this, this.dataRoomBucket, 'the screening sample list into the data room');

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      // Sign-up, invites and verification go through the API, which applies the spec's rules first.
      selfSignUpEnabled: false,
      signInAliases: { username: true },
      signInCaseSensitive: false,
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: Object.fromEntries(
        USER_POOL_DEF.customAttributes.map((a) => [
          a.name,
          new cognito.StringAttribute({ minLen: 1, maxLen: a.maxLength, mutable: false }),
        ]),
      ),
      passwordPolicy: {
        minLength: USER_POOL_DEF.passwordMinLength,
        // ASVS 5.0 / NIST 800-63B: length and a breached-password check (in the API), no composition rules.
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const standard = { email: true, emailVerified: true, fullname: true, locale: true, phoneNumber: true };
    this.userPoolClient = this.userPool.addClient('ApiClient', {
      authFlows: { userPassword: true, adminUserPassword: true, userSrp: false, custom: false },
      generateSecret: false,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.minutes(15),
      idTokenValidity: Duration.minutes(15),
      refreshTokenValidity: Duration.hours(12),
      // Tenant and role are readable, never writable through the client: only admin calls set them.
      readAttributes: new cognito.ClientAttributes()
        .withStandardAttributes(standard)
        .withCustomAttributes(...USER_POOL_DEF.customAttributes.map((a) => a.name)),
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({
        fullname: true,
        locale: true,
      }),
    });

    // Losing this key makes every enrolled authenticator unreadable: retained, rotated yearly by KMS.
    this.secretBoxKey = new kms.Key(this, 'SecretBoxKey', {
      description: `Tranche ${config.tenant}: envelope encryption of authenticator (TOTP) secrets`,
      alias: `alias/tranche-${config.tenant}-secret-box`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Google issues the reCAPTCHA key: the operator puts it in this secret (or names their own with
    // context recaptchaSecretArn). Until then the placeholder fails verification: sign-up and
    // forgot-password refuse every captcha (fail closed).
    this.recaptchaSecret = config.recaptchaSecretArn
      ? secretsmanager.Secret.fromSecretCompleteArn(this, 'RecaptchaSecret', config.recaptchaSecretArn)
      : new secretsmanager.Secret(this, 'RecaptchaSecret', {
          description: `Tranche ${config.tenant}: reCAPTCHA secret key (set its value to the key from Google)`,
          generateSecretString: { passwordLength: 32, excludePunctuation: true },
          removalPolicy: RemovalPolicy.RETAIN,
        });
    if (this.recaptchaSecret instanceof secretsmanager.Secret) {
      NagSuppressions.addResourceSuppressions(this.recaptchaSecret, [
        {
          id: 'AwsSolutions-SMG4',
          reason:
            'A third-party key issued by Google reCAPTCHA: it is rotated in the reCAPTCHA console and then stored here; Secrets Manager cannot rotate it.',
        },
      ]);
    }

    // The portal address when no domain is configured: CloudFormation resolves this parameter into
    // the Api stack's functions, so it must exist before the Api stack, which is deployed before the
    // Web stack that knows the address. Seeded here, overwritten by the Web stack (never by this
    // stack again: CloudFormation rewrites a parameter only when its own definition changes).
    if (!config.portalBaseUrl) {
      new ssm.StringParameter(this, 'PortalAddress', {
        parameterName: portalAddressParameterName(config.tenant),
        description: `Tranche ${config.tenant}: the portal address for emailed links (set by the Web stack)`,
        stringValue: PORTAL_ADDRESS_PENDING,
      });
    }

    NagSuppressions.addResourceSuppressions(this.userPool, [
      {
        id: 'AwsSolutions-COG1',
        reason:
          'Passwords: minimum 12, no composition rules (OWASP ASVS 5.0 V6 / NIST 800-63B); the API also refuses common and breached passwords from a shipped list.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is enforced by the API (TOTP with replay protection, spec lockout/MFA rules run server-side around ADMIN_USER_PASSWORD_AUTH); the pool allows TOTP so the API can associate and verify it.',
      },
      {
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection (Plus feature plan) is not used: lockout, rate limits and session revocation are enforced by the API for every tenant.',
      },
    ]);
  }
}

/**
 * Origins allowed to PUT/GET data-room objects through presigned URLs from the browser. With a
 * custom domain, exactly its origins. Without one, the site is served from a *.cloudfront.net name
 * created later by the Web stack (which depends on this stack), so the CloudFront wildcard is the
 * narrowest origin expressible here; requests still need a URL presigned by our API.
 */
const siteOrigins = (config: DeploymentConfig): string[] =>
  config.domainNames.length > 0 ? config.domainNames.map((d) => `https://${d}`) : ['https://*.cloudfront.net'];
