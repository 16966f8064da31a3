import './polyfill.js';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ExecutionRecord, type MachineRecord, type ResolveFunction, SfnEngine, SfnError } from './engine.js';

/**
 * A local Step Functions endpoint: speaks the AWS JSON 1.0 protocol
 * (`POST /`, `X-Amz-Target: AWSStepFunctions.<Operation>`, `application/x-amz-json-1.0`), so an unchanged
 * `@aws-sdk/client-sfn` client with `endpoint` (or `AWS_ENDPOINT_URL_SFN`) set to `url` works against it.
 *
 * State lives in memory only: the local stack is ephemeral and re-creates its state machines from
 * shared/src/infra/state-machines.ts at every start; executions and task tokens die with the process.
 */
export interface SfnFacadeOptions {
  port?: number;
  host?: string;
  /** Maps a Task's FunctionName (or Lambda Resource) to an in-process handler; undefined = not found. */
  resolveFunction: ResolveFunction;
  log?: (msg: string) => void;
}

export interface SfnFacade {
  url: string;
  close(): Promise<void>;
}

type Body = Record<string, unknown>;
type Operation = (body: Body) => unknown;

const CONTENT_TYPE = 'application/x-amz-json-1.0';
const MAX_BODY_BYTES = 1024 * 1024;

/** AWS JSON 1.0 timestamps are epoch seconds (fractional). */
const epoch = (date: Date | undefined) => (date ? date.getTime() / 1000 : undefined);

const str = (body: Body, field: string): string => {
  const value = body[field];
  if (typeof value !== 'string' || value === '') {
    throw new SfnError(
      'ValidationException',
      `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must not be null`,
    );
  }
  return value;
};
const optStr = (body: Body, field: string): string | undefined => {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new SfnError('ValidationException', `Value at '${field}' must be a string`);
  return value;
};

const describeMachine = (m: MachineRecord) => ({
  stateMachineArn: m.arn,
  name: m.name,
  status: 'ACTIVE',
  definition: m.definition,
  roleArn: m.roleArn,
  type: m.type,
  creationDate: epoch(m.creationDate),
});

const executionSummary = (e: ExecutionRecord) => ({
  executionArn: e.arn,
  stateMachineArn: e.machine.arn,
  name: e.name,
  status: e.status,
  startDate: epoch(e.startDate),
  stopDate: epoch(e.stopDate),
});

const operations = (engine: SfnEngine): Record<string, Operation> => ({
  CreateStateMachine: (b) => {
    const m = engine.createStateMachine({
      name: str(b, 'name'),
      definition: str(b, 'definition'),
      roleArn: optStr(b, 'roleArn'),
      type: optStr(b, 'type'),
    });
    return { stateMachineArn: m.arn, creationDate: epoch(m.creationDate) };
  },
  DescribeStateMachine: (b) => describeMachine(engine.getStateMachine(str(b, 'stateMachineArn'))),
  ListStateMachines: () => ({
    stateMachines: engine.listStateMachines().map((m) => ({
      stateMachineArn: m.arn,
      name: m.name,
      type: m.type,
      creationDate: epoch(m.creationDate),
    })),
  }),
  DeleteStateMachine: (b) => {
    engine.deleteStateMachine(str(b, 'stateMachineArn'));
    return {};
  },
  StartExecution: (b) => {
    const e = engine.startExecution({
      stateMachineArn: str(b, 'stateMachineArn'),
      name: optStr(b, 'name'),
      input: optStr(b, 'input'),
    });
    return { executionArn: e.arn, startDate: epoch(e.startDate) };
  },
  DescribeExecution: (b) => {
    const e = engine.getExecution(str(b, 'executionArn'));
    return {
      ...executionSummary(e),
      input: e.input,
      inputDetails: { included: true },
      output: e.output,
      outputDetails: e.output === undefined ? undefined : { included: true },
      error: e.error,
      cause: e.cause,
    };
  },
  DescribeStateMachineForExecution: (b) => {
    const { machine } = engine.getExecution(str(b, 'executionArn'));
    return { ...describeMachine(machine), updateDate: epoch(machine.creationDate) };
  },
  ListExecutions: (b) => ({
    executions: engine.listExecutions(str(b, 'stateMachineArn'), optStr(b, 'statusFilter')).map(executionSummary),
  }),
  StopExecution: (b) => {
    const e = engine.stopExecution(str(b, 'executionArn'), optStr(b, 'error'), optStr(b, 'cause'));
    return { stopDate: epoch(e.stopDate) };
  },
  GetExecutionHistory: (b) => {
    const e = engine.getExecution(str(b, 'executionArn'));
    const all = b.reverseOrder === true ? [...e.history].reverse() : e.history;
    const start = Number(optStr(b, 'nextToken') ?? 0);
    if (!Number.isInteger(start) || start < 0) throw new SfnError('InvalidToken', 'Invalid pagination token');
    const max = typeof b.maxResults === 'number' && b.maxResults > 0 ? Math.min(b.maxResults, 1000) : 1000;
    const page = all.slice(start, start + max);
    return {
      events: page.map((event) => ({ ...event, timestamp: epoch(event.timestamp) })),
      nextToken: start + max < all.length ? String(start + max) : undefined,
    };
  },
  SendTaskSuccess: (b) => {
    engine.sendTaskSuccess(str(b, 'taskToken'), str(b, 'output'));
    return {};
  },
  SendTaskFailure: (b) => {
    engine.sendTaskFailure(str(b, 'taskToken'), optStr(b, 'error'), optStr(b, 'cause'));
    return {};
  },
  SendTaskHeartbeat: (b) => {
    engine.sendTaskHeartbeat(str(b, 'taskToken'));
    return {};
  },
});

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new SfnError('ValidationException', 'Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body: unknown, errorType?: string) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': CONTENT_TYPE,
    'content-length': Buffer.byteLength(text),
    'x-amzn-requestid': randomUUID(),
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(text);
};

export const startSfnFacade = async (opts: SfnFacadeOptions): Promise<SfnFacade> => {
  const log = opts.log ?? (() => {});
  const engine = new SfnEngine(opts.resolveFunction, log);
  const ops = operations(engine);

  const server = createServer((req, res) => {
    void (async () => {
      try {
        if (req.method === 'GET' && (req.url === '/' || req.url === '/health')) {
          send(res, 200, { ok: true, service: 'states' });
          return;
        }
        const target = String(req.headers['x-amz-target'] ?? '');
        const [prefix, name] = target.split('.');
        if (req.method !== 'POST' || prefix !== 'AWSStepFunctions' || !name) {
          throw new SfnError('UnknownOperationException', `Unknown operation: '${target}'`);
        }
        const op = Object.hasOwn(ops, name) ? ops[name] : undefined;
        if (!op) throw new SfnError('UnknownOperationException', `Unknown operation: '${name}'`);
        const raw = await readBody(req);
        let body: unknown;
        try {
          body = raw.trim() === '' ? {} : JSON.parse(raw);
        } catch {
          throw new SfnError('SerializationException', 'Request body is not valid JSON');
        }
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          throw new SfnError('SerializationException', 'Request body must be a JSON object');
        }
        send(res, 200, op(body as Body) ?? {});
      } catch (error) {
        if (error instanceof SfnError) {
          send(res, 400, { __type: error.type, message: error.message }, error.type);
        } else {
          log(`sfn: internal error: ${(error as Error).stack ?? String(error)}`);
          send(res, 500, { __type: 'InternalFailure', message: 'Internal error' }, 'InternalFailure');
        }
      }
    })();
  });

  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log(`sfn: Step Functions facade on ${url}`);

  return {
    url,
    close: async () => {
      engine.stopAll();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
};
