import type { Readable } from 'node:stream';
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { streamCollector } from '@smithy/core/serde';
import { HttpRequest } from '@smithy/core/transport';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * Signed AWS calls without a service's SDK client. An SDK v3 client carries the schemas and error
 * classes of its whole API (Cognito 33 KB, S3 with checksums and the presigner ~150 KB minified),
 * while a handler makes one to five calls. The pieces used here (SigV4 signer, Node HTTP handler,
 * credential chain) are the ones the DynamoDB client already puts in every bundle, so a call costs
 * the bytes of its own few lines. Same behaviour as the clients it replaces: endpoints from
 * AWS_ENDPOINT_URL_<SERVICE> (the local stand-ins), credentials from the SDK's chain, explicit
 * timeouts, three attempts for throttling, 5xx and network errors, and errors named as the SDK
 * names them (`error.name === 'UsernameExistsException'`).
 */
export interface AwsService {
  /** SigV4 signing name, also the host's first label unless `hostLabel` says otherwise. */
  signingName: string;
  /** The SDK's endpoint variable suffix: AWS_ENDPOINT_URL_<envName>. */
  envName: string;
  /** The regional host's first label when it differs from the signing name (SES: `email`). */
  hostLabel?: string;
}

export const COGNITO: AwsService = { signingName: 'cognito-idp', envName: 'COGNITO_IDENTITY_PROVIDER' };
export const SECRETS_MANAGER: AwsService = { signingName: 'secretsmanager', envName: 'SECRETS_MANAGER' };
export const KMS: AwsService = { signingName: 'kms', envName: 'KMS' };
export const S3: AwsService = { signingName: 's3', envName: 'S3' };
export const SES: AwsService = { signingName: 'ses', envName: 'SESV2', hostLabel: 'email' };
export const SNS: AwsService = { signingName: 'sns', envName: 'SNS' };

export const region = (): string => {
  const name = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!name) throw new Error('AWS_REGION is not set');
  return name;
};

/** The service's endpoint as the SDK resolves it for a standard (non-FIPS, IPv4) Node client. */
export const endpointOf = (service: AwsService): URL => {
  if (process.env.AWS_IGNORE_CONFIGURED_ENDPOINT_URLS !== 'true') {
    const configured = process.env[`AWS_ENDPOINT_URL_${service.envName}`] ?? process.env.AWS_ENDPOINT_URL;
    if (configured) return new URL(configured);
  }
  const r = region();
  return new URL(
    `https://${service.hostLabel ?? service.signingName}.${r}.amazonaws.com${r.startsWith('cn-') ? '.cn' : ''}`,
  );
};

const credentials = defaultProvider();
const signers = new Map<string, SignatureV4>();
export const signerFor = (service: AwsService): SignatureV4 => {
  let signer = signers.get(service.signingName);
  if (!signer) {
    signer = new SignatureV4({
      service: service.signingName,
      region: region(),
      credentials,
      sha256: Sha256,
      // S3 signs the path as sent; other services want it escaped once more, as the SDK does.
      uriEscapePath: service.signingName !== 's3',
      // x-amz-content-sha256 from the body (S3 requires it); a presigned URL sets UNSIGNED-PAYLOAD.
      applyChecksum: true,
    });
    signers.set(service.signingName, signer);
  }
  return signer;
};

/** One keep-alive agent for every signed call; an API request must not hang on a stuck socket. */
const http = new NodeHttpHandler({ requestTimeout: 5_000, connectionTimeout: 1_000, throwOnRequestTimeout: true });

export interface AwsError extends Error {
  $fault: 'client' | 'server';
  $metadata: { httpStatusCode?: number; requestId?: string };
  /** S3 error bodies' `Code`, kept for callers that need more than the name. */
  code?: string;
}

const awsError = (name: string, message: string, status?: number, requestId?: string): AwsError =>
  Object.assign(new Error(message || name), {
    name,
    $fault: (status ?? 500) >= 500 ? ('server' as const) : ('client' as const),
    $metadata: { httpStatusCode: status, requestId },
  });

/** `com.amazonaws.cognito#NotAuthorizedException:http://...` → `NotAuthorizedException`, as the SDK sanitises it. */
export const errorName = (raw: string): string => {
  const noUri = raw.split(':')[0] ?? raw;
  return noUri.slice(noUri.lastIndexOf('#') + 1);
};

const THROTTLING = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'TooManyRequestsException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'ProvisionedThroughputExceededException',
  'LimitExceededException',
  'BandwidthLimitExceeded',
  'PriorRequestNotComplete',
  'EC2ThrottledException',
]);
const TRANSIENT_NETWORK = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'TimeoutError',
  'RequestTimeout',
]);

export const isRetryable = (error: unknown): boolean => {
  const e = error as Partial<AwsError> & { code?: string };
  if (THROTTLING.has(e.name ?? '')) return true;
  const status = e.$metadata?.httpStatusCode;
  if (status === undefined) return TRANSIENT_NETWORK.has(e.code ?? '') || TRANSIENT_NETWORK.has(e.name ?? '');
  return status >= 500 || status === 429;
};

export const MAX_ATTEMPTS = 3;
const backoff = (attempt: number) => new Promise((r) => setTimeout(r, Math.random() * 100 * 2 ** attempt));

/**
 * Reads a failed answer's error: its name and message, and what else the caller reads on the
 * error (DynamoDB's `CancellationReasons`), assigned onto it.
 */
export type ParseError = (
  status: number,
  headers: Record<string, string>,
  body: string,
) => { name: string; message: string; extra?: Record<string, unknown> };

export interface SignedRequest {
  method: string;
  /** The path as sent (already encoded). */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A string or bytes, so that a retried attempt sends the same body again. */
  body?: string | Uint8Array;
  /** Another host than the endpoint's, same port (S3's virtual-hosted `<bucket>.<endpoint host>`). */
  host?: string;
  /**
   * This call's whole-request timeout in ms (sending, waiting, reading the answer), instead of the
   * handler's 5 s: a caller that sends or reads large bodies sets it (DynamoDB, commands.ts).
   */
  timeoutMs?: number;
}

export interface SignedResponse<B> {
  statusCode: number;
  headers: Record<string, string>;
  body: B;
}

export const toHttpRequest = (service: AwsService, request: SignedRequest): HttpRequest => {
  const endpoint = endpointOf(service);
  const base = endpoint.pathname.replace(/\/$/, '');
  const host = request.host ?? endpoint.host;
  return new HttpRequest({
    protocol: endpoint.protocol,
    hostname: host.replace(/:\d+$/, ''),
    port: endpoint.port ? Number(endpoint.port) : undefined,
    method: request.method,
    path: `${base}${request.path}`,
    query: request.query ?? {},
    headers: { host, ...request.headers },
    body: request.body,
  });
};

/**
 * Sends one signed request and answers its status, headers and body, the body as a stream when
 * `stream` is set (the caller must read or destroy it). A status of 300 or more is thrown as the
 * error that `parseError` finds in the body.
 */
export async function signedRequest(
  service: AwsService,
  request: SignedRequest,
  parseError: ParseError,
  stream: true,
): Promise<SignedResponse<Readable>>;
export async function signedRequest(
  service: AwsService,
  request: SignedRequest,
  parseError: ParseError,
  stream?: false,
): Promise<SignedResponse<Uint8Array>>;
export async function signedRequest(
  service: AwsService,
  request: SignedRequest,
  parseError: ParseError,
  stream = false,
): Promise<SignedResponse<Readable | Uint8Array>> {
  const body = typeof request.body === 'string' ? new TextEncoder().encode(request.body) : request.body;
  const headers = { ...request.headers };
  if (body) headers['content-length'] = String(body.byteLength);
  for (let attempt = 1; ; attempt++) {
    try {
      const signed = await signerFor(service).sign(toHttpRequest(service, { ...request, headers, body }));
      const { response } = await http.handle(
        signed as HttpRequest,
        request.timeoutMs ? { requestTimeout: request.timeoutMs } : {},
      );
      const status = response.statusCode;
      if (status < 300 || (status === 304 && stream)) {
        return {
          statusCode: status,
          headers: response.headers,
          body: stream ? (response.body as Readable) : await streamCollector(response.body),
        };
      }
      const text = response.body ? new TextDecoder().decode(await streamCollector(response.body)) : '';
      const { name, message, extra } = parseError(status, response.headers, text);
      throw Object.assign(
        awsError(name, message, status, response.headers['x-amzn-requestid'] ?? response.headers['x-amz-request-id']),
        extra,
      );
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error;
      await backoff(attempt);
    }
  }
}

/** The error of an AWS JSON 1.0/1.1 or REST-JSON answer: header, then `code`, then `__type`, as the SDK reads it. */
export const jsonError = (status: number, headers: Record<string, string>, text: string) => {
  let data: { __type?: string; code?: string; message?: string; Message?: string } = {};
  try {
    data = JSON.parse(text);
  } catch {
    // A proxy's HTML error page: named by its status below.
  }
  const raw = headers['x-amzn-errortype'] ?? data.code ?? data.__type;
  return {
    name: raw ? errorName(raw) : status >= 500 ? 'InternalFailure' : 'UnknownError',
    message: data.message ?? data.Message ?? text.slice(0, 200),
  };
};

/** One operation of an AWS JSON 1.1 API (Cognito, Secrets Manager, KMS): `target` is `<Prefix>.<Operation>`. */
export const awsJson = async <Out>(service: AwsService, target: string, input: object): Promise<Out> => {
  const { body } = await signedRequest(
    service,
    {
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
      body: JSON.stringify(input),
    },
    jsonError,
  );
  const text = new TextDecoder().decode(body);
  return (text ? JSON.parse(text) : {}) as Out;
};

/** The error of an XML answer (S3, and the query protocol's `<ErrorResponse><Error><Code>`). */
export const xmlError = (status: number, _headers: Record<string, string>, text: string) => {
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? '';
  // A HEAD has no body: its status names the error, as the SDK names it.
  const byStatus: Record<number, string> = { 403: 'Forbidden', 404: 'NotFound', 412: 'PreconditionFailed' };
  return { name: code ?? byStatus[status] ?? (status >= 500 ? 'InternalError' : 'UnknownError'), message };
};
