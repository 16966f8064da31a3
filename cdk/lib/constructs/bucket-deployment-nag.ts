import type { Stack } from 'aws-cdk-lib';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';

/**
 * cdk-nag's findings on BucketDeployment's provider (one aws-cdk-lib singleton Lambda with its own
 * role per stack), suppressed with the reason: it copies a CDK asset into `destination`, so it needs
 * object wildcards on the asset bucket and that bucket (and `Resource::*` where it also invalidates a
 * distribution, `invalidates`).
 */
export const suppressBucketDeploymentFindings = (
  stack: Stack,
  destination: s3.IBucket,
  what: string,
  invalidates = false,
): void => {
  const provider = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (!provider) throw new Error('BucketDeployment provider not found');
  NagSuppressions.addResourceSuppressions(
    provider,
    [
      {
        id: 'AwsSolutions-IAM4',
        reason:
          'The CDK BucketDeployment provider role (created by aws-cdk-lib) uses AWSLambdaBasicExecutionRole for its own logs; it runs only during deployments.',
        appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
      },
      {
        id: 'AwsSolutions-IAM5',
        reason: `BucketDeployment copies ${what} from the CDK asset bucket: it needs object wildcards on both buckets and the s3 action groups aws-cdk-lib grants${invalidates ? ', and CreateInvalidation, which has no narrower resource here' : ''}.`,
        appliesTo: [
          'Action::s3:GetBucket*',
          'Action::s3:GetObject*',
          'Action::s3:List*',
          'Action::s3:Abort*',
          'Action::s3:DeleteObject*',
          'Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*',
          `Resource::<${stack.resolve(stack.getLogicalId(destination.node.defaultChild as s3.CfnBucket))}.Arn>/*`,
          ...(invalidates ? ['Resource::*'] : []),
        ],
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'The BucketDeployment provider runtime is chosen and kept current by aws-cdk-lib, not by this app.',
      },
    ],
    true,
  );
};
