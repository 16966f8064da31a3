import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';

export interface LogBucketProps {
  /** CloudFront standard logs are written with ACLs: such a bucket must keep ACLs enabled. */
  readonly forCloudFront?: boolean;
}

/** A bucket that receives access logs: private, SSE-S3 (the only encryption log delivery supports), TLS only. */
export const createLogBucket = (scope: Construct, id: string, props: LogBucketProps = {}): s3.Bucket => {
  const bucket = new s3.Bucket(scope, id, {
    encryption: s3.BucketEncryption.S3_MANAGED,
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    enforceSSL: true,
    versioned: false,
    objectOwnership: props.forCloudFront
      ? s3.ObjectOwnership.BUCKET_OWNER_PREFERRED
      : s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    lifecycleRules: [{ expiration: Duration.days(365), abortIncompleteMultipartUploadAfter: Duration.days(7) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  NagSuppressions.addResourceSuppressions(bucket, [
    {
      id: 'AwsSolutions-S1',
      reason:
        'This bucket is the access-log destination itself; logging it into another bucket would only move the problem.',
    },
  ]);
  return bucket;
};
