import { contentSecurityPolicy, ORIGIN_VERIFY_HEADER } from '@tranche/shared/infra/edge';
import { Aws, CfnOutput, Duration, Fn, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as cr from 'aws-cdk-lib/custom-resources';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { type DeploymentConfig, portalAddressParameterName } from '../config.js';
import { suppressBucketDeploymentFindings } from '../constructs/bucket-deployment-nag.js';
import { FORWARD_HOST_FUNCTION, SPA_REWRITE_FUNCTION } from '../constructs/edge-functions.js';
import { createLogBucket } from '../constructs/log-bucket.js';

export interface WebStackProps extends StackProps {
  readonly config: DeploymentConfig;
  readonly httpApi: apigwv2.IHttpApi;
  /** Sent to the API origin as ORIGIN_VERIFY_HEADER (resolved by CloudFormation at deploy: never in the template). */
  readonly originVerifySecret: secretsmanager.ISecret;
  /** The built web app (web/dist), with index.html at its root. */
  readonly webAssetPath: string;
}

/** The single-page app from a private bucket, and `/api/*` to the HTTP API, behind one CloudFront distribution. */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;

    const logBucket = createLogBucket(this, 'Logs', { forCloudFront: true });
    this.siteBucket = new s3.Bucket(this, 'Site', {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      serverAccessLogsBucket: logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Tranche ${config.tenant} security headers`,
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.days(365 * 2),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: {
          // The one policy the local gateway sends too (shared/src/infra/edge.ts). Presigned data-room
          // links are virtual-hosted S3 addresses of this region; the bucket is the Data stack's, whose
          // generated name this stack does not take as a value.
          contentSecurityPolicy: contentSecurityPolicy({
            captchaProvider: config.captchaProvider,
            dataRoomOrigins: [`https://*.s3.${Aws.REGION}.amazonaws.com`],
          }),
          override: true,
        },
      },
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Extension-less paths get /index.html',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION),
    });
    const forwardHost = new cloudfront.Function(this, 'ForwardHost', {
      comment: 'Copies the viewer Host into x-forwarded-host for the API',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(FORWARD_HOST_FUNCTION),
    });

    const apiDomain = Fn.select(2, Fn.split('/', props.httpApi.apiEndpoint));
    const certificate = config.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Tranche ${config.tenant}`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(certificate
        ? {
            certificate,
            domainNames: [...config.domainNames],
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      ...(config.webAclArn ? { webAclId: config.webAclArn } : {}),
      enableLogging: true,
      logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
            // Proves to the API that a request came through this distribution (functions/src/_lib/origin.ts);
            // a dynamic reference, so the value is in neither the template nor the assembly.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Cookies, query strings and every viewer header but Host (API Gateway needs its own Host),
          // plus CloudFront's headers, among them CloudFront-Viewer-Address (the client IP the API throttles on).
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [{ function: forwardHost, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
      },
    });

    // Hashed build output is immutable and never pruned (open tabs keep loading their chunks);
    // everything else is revalidated, and index.html lands only after the assets it references.
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [s3deploy.Source.asset(props.webAssetPath)],
      destinationBucket: this.siteBucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const shell = new s3deploy.BucketDeployment(this, 'DeployShell', {
      sources: [s3deploy.Source.asset(props.webAssetPath)],
      destinationBucket: this.siteBucket,
      exclude: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    shell.node.addDependency(assets);

    // Emailed links need the portal address; without a configured one it is this distribution's name,
    // which the Api stack (deployed first) cannot take as a value. It goes into the parameter the
    // Data stack seeded (and owns), which CloudFormation resolves into the functions' environment
    // at the Api stack's next deploy: a first deploy of all stacks needs the Api stack deployed
    // once more (docs/identity.md "Deployment"). A write, not a resource: the Data stack owns the name.
    if (!config.portalBaseUrl) this.writePortalAddress(config);

    this.suppressFindings(config);
    new CfnOutput(this, 'SiteUrl', {
      value: `https://${config.domainNames[0] ?? this.distribution.distributionDomainName}`,
    });
  }

  private writePortalAddress(config: DeploymentConfig): void {
    const parameterName = portalAddressParameterName(config.tenant);
    const write = new cr.AwsCustomResource(this, 'PortalAddress', {
      // Runs on create and on every change of the address; on delete the parameter keeps its value.
      onUpdate: {
        service: 'SSM',
        action: 'putParameter',
        parameters: {
          Name: parameterName,
          Value: `https://${this.distribution.distributionDomainName}`,
          Type: 'String',
          Overwrite: true,
        },
        physicalResourceId: cr.PhysicalResourceId.of(parameterName),
      },
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({
          actions: ['ssm:PutParameter'],
          resources: [this.formatArn({ service: 'ssm', resource: 'parameter', resourceName: parameterName.slice(1) })],
        }),
      ]),
      installLatestAwsSdk: false,
    });
    // The provider is one CDK-owned singleton Lambda per stack, like BucketDeployment's.
    const provider = this.node.tryFindChild(`AWS${cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '')}`);
    if (!provider) throw new Error('AwsCustomResource provider not found');
    NagSuppressions.addResourceSuppressions(
      [write, provider],
      [
        {
          id: 'AwsSolutions-IAM4',
          reason:
            'The CDK AwsCustomResource provider role (created by aws-cdk-lib) uses AWSLambdaBasicExecutionRole for its own logs; it runs only during deployments.',
          appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
        },
        {
          id: 'AwsSolutions-L1',
          reason: 'The AwsCustomResource provider runtime is chosen and kept current by aws-cdk-lib, not by this app.',
        },
      ],
      true,
    );
  }

  private suppressFindings(config: DeploymentConfig): void {
    const distributionFindings = [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Investors of a fund platform sign in from anywhere; access is governed by accounts, not geography.',
      },
    ];
    if (!config.webAclArn) {
      distributionFindings.push({
        id: 'AwsSolutions-CFR2',
        reason:
          'No web ACL given for this deployment (context webAclArn; CLOUDFRONT-scope ACLs live in us-east-1, outside this env-agnostic stack). Throttling is on the API stage and lockout/rate rules in the API.',
      });
    }
    if (!config.certificateArn) {
      distributionFindings.push({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the *.cloudfront.net certificate, whose minimum protocol CloudFront fixes; with certificateArn the stack sets TLSv1.2_2021.',
      });
    }
    NagSuppressions.addResourceSuppressions(this.distribution, distributionFindings);

    suppressBucketDeploymentFindings(
      this,
      this.siteBucket,
      'the web build into the site bucket and invalidates the distribution',
      true,
    );
  }
}
