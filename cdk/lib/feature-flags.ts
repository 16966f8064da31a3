/**
 * CDK feature flags, set on the App itself so the CLI, the tests and the bench synthesize the same
 * templates (cdk.json would only reach the CLI). A frozen subset of aws-cdk-lib 2.276's recommended
 * flags: the ones that touch the services this app uses. Flipping one can replace resources, so they
 * change deliberately, never with an aws-cdk-lib upgrade.
 */
export const FEATURE_FLAGS: Record<string, unknown> = {
  // Cross-stack exports stay strong: the Data stack's table and pool cannot be swapped under the Api stack.
  '@aws-cdk/core:defaultCrossStackReferences': 'strong',
  '@aws-cdk/core:checkSecretUsage': true,
  '@aws-cdk/core:enablePartitionLiterals': true,
  '@aws-cdk/core:includePrefixInUniqueNameGeneration': true,
  '@aws-cdk/core:validateSnapshotRemovalPolicy': true,
  '@aws-cdk/aws-iam:minimizePolicies': true,
  '@aws-cdk/aws-iam:importedRoleStackSafeDefaultPolicyName': true,
  '@aws-cdk/aws-lambda:recognizeLayerVersion': true,
  '@aws-cdk/aws-lambda-nodejs:sdkV3ExcludeSmithyPackages': true,
  '@aws-cdk/aws-s3:createDefaultLoggingPolicy': true,
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  '@aws-cdk/aws-s3:publicAccessBlockedByDefault': true,
  '@aws-cdk/aws-apigateway:disableCloudWatchRole': true,
  '@aws-cdk/aws-apigateway:logGroupDestinationArnWithoutWildcard': true,
  '@aws-cdk/aws-cloudfront:defaultSecurityPolicyTLSv1.2_2021': true,
  '@aws-cdk/aws-cloudfront:defaultFunctionRuntimeV2_0': true,
  '@aws-cdk/customresources:installLatestAwsSdkDefault': false,
};
