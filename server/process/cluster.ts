import cluster, { type Worker } from 'node:cluster';
import type { Env } from '../config/env.ts';

const CRASH_WINDOW_MS = 60_000;
/** More deaths than this inside CRASH_WINDOW_MS and the primary gives up instead of looping. */
const MAX_CRASHES = 5;
/** After SIGTERM, workers get their own grace (SHUTDOWN_GRACE_MS) plus this before they are killed. */
const STOP_MARGIN_MS = 5_000;
const RESTART_DELAY_MS = 1_000;

export interface ClusterOptions {
  /** The workers' own shutdown grace, so the primary waits long enough before killing them. */
  graceMs: number;
  /** Called once, when every worker listens. */
  onListening(port: number): void;
  log?: Pick<Console, 'log' | 'error'>;
}

/**
 * The primary process of `WEB_CONCURRENCY` > 1 (docs/decisions/008-server-processes.md).
 * It serves nothing itself: it forks one worker per process wanted (each runs
 * server/index.ts in full, on PostgreSQL, and listens on the same port), replaces
 * a worker that dies, hands SIGHUP on, and on SIGTERM/SIGINT stops the workers
 * gracefully and exits. Workers that cannot start at all stop the whole server,
 * with the worker's own message above it, rather than restarting in a loop.
 */
export function runClusterPrimary(env: Env, options: ClusterOptions): void {
  const log = options.log ?? console;
  const wanted = env.WEB_CONCURRENCY;
  const alive = new Set<number>();
  const listening = new Set<number>();
  const crashes: number[] = [];
  let stopping = false;
  let announced = false;

  const fork = () => {
    alive.add(cluster.fork().id);
  };

  const stop = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    if (alive.size === 0) process.exit(exitCode);
    for (const worker of liveWorkers()) worker.process.kill('SIGTERM');
    // unref: the workers' exits end the process first when all goes well.
    setTimeout(() => {
      for (const worker of liveWorkers()) worker.process.kill('SIGKILL');
      process.exit(exitCode || 1);
    }, options.graceMs + STOP_MARGIN_MS).unref();
    cluster.on('exit', () => {
      if (alive.size === 0) process.exit(exitCode);
    });
  };

  // Workers report in themselves: with reusePort they bind their own sockets, and then
  // cluster's own 'listening' event never fires.
  cluster.on('message', (worker, message: unknown) => {
    const port = workerListeningPort(message);
    if (port === undefined) return;
    listening.add(worker.id);
    if (!announced && listening.size === wanted) {
      announced = true;
      options.onListening(port);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker.id);
    listening.delete(worker.id);
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (!announced) {
      // A bad setting or an unreachable database: every worker would fail the same way.
      log.error(`A server process stopped before it could serve (${how}); stopping the server.`);
      stop(1);
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length > MAX_CRASHES) {
      log.error(`Server processes died ${crashes.length} times within a minute (last: ${how}); stopping the server.`);
      stop(1);
      return;
    }
    log.error(`A server process died (${how}); starting a new one.`);
    // The others keep serving meanwhile; the pause keeps a failing restart from spinning.
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log.log(`${signal} received, stopping ${alive.size} server processes...`);
      stop(0);
    });
  }
  process.on('SIGHUP', () => {
    for (const worker of liveWorkers()) worker.process.kill('SIGHUP');
  });

  for (let i = 0; i < wanted; i++) fork();
}

const LISTENING = 'roofing:listening';

/** Tells the primary that this worker serves (call after `listen` succeeded). */
export function reportListening(port: number): void {
  process.send?.({ type: LISTENING, port });
}

function workerListeningPort(message: unknown): number | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { type, port } = message as { type?: unknown; port?: unknown };
  return type === LISTENING && typeof port === 'number' ? port : undefined;
}

function liveWorkers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
}
