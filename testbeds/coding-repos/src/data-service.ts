import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { datasetFor, type Dataset, type RepoId } from './datasets.ts';

/** `ok`: healthy; `flaky`: a run's first two requests answer 503; `forbidden`: every request answers 403. */
export const SERVICE_MODES = ['ok', 'flaky', 'forbidden'] as const;
export type ServiceMode = (typeof SERVICE_MODES)[number];

/** The header carrying a run's check secret: requests with it bypass the fault and are not counted. */
export const CHECK_HEADER = 'x-check-secret';
export const FLAKY_FAILURES = 2;
export const FORBIDDEN_MESSAGE = 'a token is required';

/** One run's view of the service: its data URL, its secret for the checker, and how often the agent asked. */
export interface DataRun {
  id: string;
  /** The URL `fetch_data.py` reads (written into the run's copy as `service_url.txt`). */
  dataUrl: string;
  /** Given to pytest only (`CODING_CHECK_SECRET`), never to the agent. */
  checkSecret: string;
  mode: ServiceMode;
  /**
   * The seed the run's dataset was made from (`datasetFor(repo, datasetSeed)` makes it again): the service's run key,
   * the repository and the caller's seed, so every system, engine and model of one study run is shown the same data
   * for a repository and seed, and another study run other data (a result file kept from another run cannot pass).
   * A service without a run key adds a nonce of the agent run's own instead: then no two agent runs share data.
   */
  datasetSeed: string;
  /** Requests without the check secret so far. */
  readonly requests: number;
  /** Forgets the run; later requests to its URL answer 404. */
  close(): void;
}

export interface DataService {
  url: string;
  openRun(options: { repo: RepoId; seed: string; mode: ServiceMode }): DataRun;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

interface RunState {
  dataset: Dataset;
  mode: ServiceMode;
  secret: string;
  requests: number;
}

export interface DataServiceOptions {
  /** 127.0.0.1's port; default a free one. */
  port?: number;
  /**
   * The study run the service serves (unique to it, never guessable by an agent): every run opened for one repository
   * and seed gets the same dataset, so a pair of systems is shown the same task. Without it, each run gets its own.
   */
  runKey?: string;
}

/**
 * The data service on 127.0.0.1. Runs are independent of each other but for their data: a run's URL, request counter
 * and check secret are its own (access control, random per run), its dataset is the study run's (`runKey`).
 */
export async function startDataService(options: DataServiceOptions = {}): Promise<DataService> {
  if (options.runKey === '') throw new TypeError('startDataService: an empty runKey would make every study run\'s data the same');
  const runs = new Map<string, RunState>();
  const server = createServer((req, res) => handle(runs, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    url,
    openRun({ repo, seed, mode }) {
      const id = randomBytes(8).toString('hex');
      const datasetSeed = options.runKey === undefined ? `${seed}/${randomBytes(8).toString('hex')}` : `${options.runKey}/${repo}/${seed}`;
      const state: RunState = { dataset: datasetFor(repo, datasetSeed), mode, secret: randomBytes(16).toString('hex'), requests: 0 };
      runs.set(id, state);
      return {
        id,
        dataUrl: `${url}/runs/${id}/data`,
        checkSecret: state.secret,
        mode,
        datasetSeed,
        get requests() {
          return state.requests;
        },
        close: () => void runs.delete(id),
      };
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

function handle(runs: Map<string, RunState>, req: IncomingMessage, res: ServerResponse): void {
  const m = /^\/runs\/([0-9a-f]+)\/data$/.exec((req.url ?? '').split('?')[0]!);
  const run = m ? runs.get(m[1]!) : undefined;
  if (!run) return reply(res, 404, 'application/json', '{"error": "no such run"}\n');
  if (req.method !== 'GET') return reply(res, 405, 'application/json', '{"error": "use GET"}\n');
  if (req.headers[CHECK_HEADER] === run.secret) return reply(res, 200, run.dataset.contentType, run.dataset.body);
  run.requests += 1;
  if (run.mode === 'forbidden') return reply(res, 403, 'application/json', `{"error": "forbidden: ${FORBIDDEN_MESSAGE}"}\n`);
  if (run.mode === 'flaky' && run.requests <= FLAKY_FAILURES) return reply(res, 503, 'application/json', '{"error": "service unavailable, try again later"}\n', { 'retry-after': '1' });
  reply(res, 200, run.dataset.contentType, run.dataset.body);
}

function reply(res: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), ...headers }).end(body);
}
