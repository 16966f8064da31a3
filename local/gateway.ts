import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { ERROR_CATALOGUE } from '@tranche/shared/errors/catalogue';
import { API_PREFIX, apiPath, compilePath, ROUTE_LIST, type RouteDef, routeKey } from '@tranche/shared/http/routes';
import { pickLang } from '@tranche/shared/i18n/langs';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { EventDispatcher } from './events.js';
import { mailboxPage, type Outbox } from './outbox.js';
import type { LocalSchedules } from './schedules.js';

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const FUNCTIONS_DIR = resolve(import.meta.dirname, '../functions/src');
const MAX_BODY_BYTES = 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** The same response headers the CloudFront distribution adds (cdk/lib/stacks/web-stack.ts). */
type SecurityHeaders = Record<string, string>;
const securityHeaders = (contentSecurityPolicy: string): SecurityHeaders => ({
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': contentSecurityPolicy,
});

const modules = new Map<string, Promise<LambdaHandler>>();
/** Handler modules are imported once, on first use, like a Lambda cold start. */
const loadHandler = (module: string): Promise<LambdaHandler> => {
  let loaded = modules.get(module);
  if (!loaded) {
    loaded = import(pathToFileURL(join(FUNCTIONS_DIR, `${module}.ts`)).href).then((m) => m.handler as LambdaHandler);
    modules.set(module, loaded);
  }
  return loaded;
};

/**
 * API Gateway picks the most specific route whatever the declaration order: at the first segment
 * where two paths differ, a literal beats a `{param}`. Sorting so keeps the local gateway from
 * reading `/tasks/notice-task-approval` as `/tasks/{id}` when the table lists the latter first.
 */
export const specificity = (a: string, b: string): number => {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const aParam = as[i]?.startsWith('{') ?? false;
    const bParam = bs[i]?.startsWith('{') ?? false;
    if (aParam !== bParam) return aParam ? 1 : -1;
  }
  return 0;
};
const matchers = [...ROUTE_LIST]
  .sort((a, b) => specificity(apiPath(a), apiPath(b)))
  .map((route) => ({ route, ...compilePath(apiPath(route)) }));

const match = (method: string, path: string) => {
  for (const m of matchers) {
    if (m.route.method !== method) continue;
    const found = m.regex.exec(path);
    if (found) return { route: m.route, params: Object.fromEntries(m.names.map((n, i) => [n, found[i + 1] ?? ''])) };
  }
  return undefined;
};

const errorJson = (
  res: ServerResponse,
  code: keyof typeof ERROR_CATALOGUE,
  req: IncomingMessage,
  requestId: string,
  security: SecurityHeaders,
) => {
  const lang = pickLang(req.headers['accept-language']);
  const { status, messages } = ERROR_CATALOGUE[code];
  // no-store like every API answer (http-api.ts): a shared cache must not keep a refusal.
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...security,
  });
  res.end(JSON.stringify({ code, message: messages[lang], requestId }));
};

/** Reads the body with the API's 1 MB limit; over it, stops reading and says so. */
const readBody = (req: IncomingMessage): Promise<Buffer | 'too-large'> =>
  new Promise((resolvePromise, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      req.resume();
      return resolvePromise('too-large');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        resolvePromise('too-large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolvePromise(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** An API Gateway HTTP API (payload v2) event, shaped as the real service shapes it. */
const toEvent = (
  req: IncomingMessage,
  url: URL,
  route: RouteDef | undefined,
  params: Record<string, string>,
  body: Buffer,
  requestId: string,
): APIGatewayProxyEventV2 => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  // CloudFront's viewer-request function copies the viewer's Host here; so does this gateway.
  headers['x-forwarded-host'] = req.headers.host ?? '';
  // As API Gateway's JSON: every name an own key, `__proto__` and `constructor` included (a plain
  // object would swallow the first and find the second already there).
  const query: Record<string, string> = Object.create(null);
  for (const [k, v] of url.searchParams) query[k] = Object.hasOwn(query, k) ? `${query[k]},${v}` : v;
  const cookies = (req.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter(Boolean);
  const method = req.method ?? 'GET';
  const matchedKey = route ? routeKey(route) : '$default';
  const now = Date.now();
  const text = body.toString('utf8');
  const isText = body.length === 0 || Buffer.from(text, 'utf8').equals(body);
  return {
    version: '2.0',
    routeKey: matchedKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(url.searchParams.size ? { queryStringParameters: query } : {}),
    ...(Object.keys(params).length ? { pathParameters: params } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: req.headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: matchedKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body.length ? { body: isText ? text : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };
};

const lambdaContext = (requestId: string, functionName: string): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
  memoryLimitInMB: '512',
  awsRequestId: requestId,
  logGroupName: `/aws/lambda/${functionName}`,
  logStreamName: 'local',
  getRemainingTimeInMillis: () => 10_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

const writeResult = (res: ServerResponse, result: APIGatewayProxyStructuredResultV2, security: SecurityHeaders) => {
  const headers: Record<string, string | string[]> = { ...security };
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
};

const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL, security: SecurityHeaders) => {
  const requestId = randomUUID();
  const body = await readBody(req);
  if (body === 'too-large') return errorJson(res, 'PAYLOAD_TOO_LARGE', req, requestId, security);
  const found = match(req.method ?? 'GET', url.pathname);
  const module = found?.route.handler ?? 'meta/not-found';
  const handler = await loadHandler(module);
  const event = toEvent(req, url, found?.route, found?.params ?? {}, body, requestId);
  try {
    writeResult(res, await handler(event, lambdaContext(requestId, module.replace('/', '-'))), security);
  } catch (error) {
    // A handler that throws past its middleware is a bug; API Gateway would answer 500 too.
    console.error(`[gateway] ${module} threw`, error);
    errorJson(res, 'INTERNAL_ERROR', req, requestId, security);
  }
};

const serveStatic = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  webDir: string,
  security: SecurityHeaders,
) => {
  const relative = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(webDir, relative);
  const isFile = file.startsWith(webDir) && existsSync(file) && statSync(file).isFile();
  if (!isFile) {
    // SPA fallback for app routes (extension-less paths), 404 for missing files.
    if (extname(url.pathname)) {
      res.writeHead(404, { 'content-type': 'text/plain', ...security }).end('Not found');
      return;
    }
    file = join(webDir, 'index.html');
  }
  if (!existsSync(file)) {
    res
      .writeHead(503, { 'content-type': 'text/plain', ...security })
      .end('The web app is not built yet: run `npm run build:web`.');
    return;
  }
  // Vite's hashed build output never changes under its name; index.html and the rest are revalidated
  // (the same Cache-Control the Web stack's BucketDeployments set on S3).
  const immutable = url.pathname.startsWith('/assets/');
  const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
  const headers = {
    'content-type': type,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...security,
  };
  const stat = statSync(file);
  const encoding = COMPRESSIBLE.has(type) && stat.size >= MIN_COMPRESS_BYTES ? pickEncoding(req) : undefined;
  if (!encoding) {
    res.writeHead(200, { ...headers, 'content-length': String(stat.size), vary: 'accept-encoding' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return;
  }
  const body = compressed(file, stat.mtimeMs, stat.size, encoding);
  res.writeHead(200, {
    ...headers,
    'content-encoding': encoding,
    'content-length': String(body.length),
    vary: 'accept-encoding',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
};

/**
 * Compression as CloudFront's "compress objects automatically" does it for the web app
 * (cdk/lib/stacks/web-stack.ts): text types from 1,000 bytes on, Brotli when the browser accepts
 * it, else gzip, else none. The API is not compressed: its CloudFront behaviour does not cache, and
 * CloudFront compresses only what its cache policy lets it (docs/decisions.md, issue 9).
 */
const COMPRESSIBLE = new Set([
  CONTENT_TYPES['.html'],
  CONTENT_TYPES['.js'],
  CONTENT_TYPES['.css'],
  CONTENT_TYPES['.json'],
  CONTENT_TYPES['.svg'],
  CONTENT_TYPES['.txt'],
]);
const MIN_COMPRESS_BYTES = 1000;
type Encoding = 'br' | 'gzip';

/** The encoding a request accepts, Brotli first; `q=0` refuses one, `*` accepts any. */
export const pickEncoding = (req: Pick<IncomingMessage, 'headers'>): Encoding | undefined => {
  const accepted = new Map<string, number>();
  for (const part of String(req.headers['accept-encoding'] ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
};

/**
 * Each file is compressed once per version (path, size and time): an edge compresses on the fly and
 * caches the result, and so does this. Brotli at quality 5, an on-the-fly level (11 takes a second
 * or more per large chunk and saves under 10%).
 */
const compressedCache = new Map<string, { version: string; body: Buffer }>();
const compressed = (file: string, mtimeMs: number, size: number, encoding: Encoding): Buffer => {
  const key = `${encoding}:${file}`;
  const version = `${mtimeMs}:${size}`;
  const cached = compressedCache.get(key);
  if (cached?.version === version) return cached.body;
  const raw = readFileSync(file);
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : gzipSync(raw, { level: 6 });
  compressedCache.set(key, { version, body });
  return body;
};

export interface GatewayOptions {
  webDir: string;
  outbox: Outbox;
  /** The web app's policy (shared/src/infra/edge.ts), sent on every answer as CloudFront does. */
  contentSecurityPolicy: string;
  /** The local event dispatcher, watched and steered at /_local/events (local/events.ts). */
  events?: EventDispatcher;
  /** The scheduled workers, run on demand at POST /_local/schedules/<name>/run (local/schedules.ts). */
  schedules?: LocalSchedules;
}

const readJson = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    return undefined;
  }
};

/**
 * The local stack's test controls for the inbox (never deployed): run a scheduled worker now, and
 * commit a test event that gives one task to several users (local/inbox-test-events.ts).
 */
const localControl = async (
  req: IncomingMessage,
  url: URL,
  schedules: LocalSchedules | undefined,
): Promise<{ status: number; body: unknown } | undefined> => {
  if (req.method !== 'POST') return undefined;
  const scheduled = /^\/_local\/schedules\/([A-Za-z0-9]+)\/run$/.exec(url.pathname);
  if (scheduled && schedules) {
    const running = schedules.run(scheduled[1] as string);
    return running ? { status: 200, body: (await running) ?? {} } : { status: 404, body: { code: 'NOT_FOUND' } };
  }
  if (url.pathname === '/_local/inbox/test-task') {
    const { createTestTask } = await import('./inbox-test-events.js');
    return createTestTask(await readJson(req));
  }
  return undefined;
};

/**
 * /_local/events: the dispatcher's figures (GET), and for tests `pause`, `resume` and
 * `crash-after?event=<eventId>` (POST): the dispatcher of the batch holding that event dies right after it.
 */
const eventsControl = (events: EventDispatcher, req: IncomingMessage, url: URL): unknown => {
  const action = url.pathname.slice('/_local/events'.length);
  if (req.method === 'GET' && action === '') return events.stats();
  if (req.method !== 'POST') return undefined;
  const event = url.searchParams.get('event');
  if (action === '/pause') events.pause();
  else if (action === '/resume') events.resume();
  else if (action === '/crash-after' && event) events.crashAfter(event);
  else return undefined;
  return events.stats();
};

/**
 * The local API Gateway + CloudFront: `/api/*` invokes the real handler modules in-process with
 * HTTP API v2 events; everything else is the built web app, with the SPA fallback.
 */
export const createGateway = ({ webDir, outbox, contentSecurityPolicy, events, schedules }: GatewayOptions): Server => {
  const security = securityHeaders(contentSecurityPolicy);
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const work = async () => {
      if (url.pathname === API_PREFIX || url.pathname.startsWith(`${API_PREFIX}/`)) {
        return handleApi(req, res, url, security);
      }
      if (url.pathname === '/_local/outbox') {
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          ...security,
        });
        return void res.end(JSON.stringify(outbox.list()));
      }
      if (events && (url.pathname === '/_local/events' || url.pathname.startsWith('/_local/events/'))) {
        const answer = eventsControl(events, req, url);
        res.writeHead(answer === undefined ? 404 : 200, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          ...security,
        });
        return void res.end(JSON.stringify(answer ?? { code: 'NOT_FOUND' }));
      }
      if (url.pathname.startsWith('/_local/schedules/') || url.pathname === '/_local/inbox/test-task') {
        const answer = await localControl(req, url, schedules);
        res.writeHead(answer?.status ?? 404, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          ...security,
        });
        return void res.end(JSON.stringify(answer?.body ?? { code: 'NOT_FOUND' }));
      }
      if (url.pathname === '/_local/mailbox') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...security });
        return void res.end(mailboxPage(outbox.list()));
      }
      return serveStatic(req, res, url, webDir, security);
    };
    work().catch((error) => {
      console.error('[gateway] request failed', error);
      if (!res.headersSent) errorJson(res, 'INTERNAL_ERROR', req, 'gateway', security);
      else res.destroy();
    });
  });
};
