import { spawnSync } from 'node:child_process';
import type Docker from 'dockerode';
import { abortedError, EngineError } from '../errors.ts';
import { LogCapture } from '../log-capture.ts';
import { track } from '../reaper.ts';
import { classifyStartError, describeDockerError, dockerStatusCode } from './client.ts';
import { drained, followLogs, type LogFollow } from './logs.ts';
import type { ContainerPlan } from './spec.ts';

export interface ExitState {
  exitCode: number | null;
  oomKilled: boolean;
  status: string;
}

/** One container through its life: create, start, watch, stop, remove. Every step is safe to repeat. */
export class ContainerSession {
  readonly capture: LogCapture;
  private container: Docker.Container | undefined;
  private follow: LogFollow | undefined;
  private untrack: (() => void) | undefined;
  private stopping: Promise<void> | undefined;
  exit: ExitState | undefined;

  constructor(
    private readonly docker: Docker,
    readonly plan: ContainerPlan,
    private readonly opts: { logDir?: string; keepContainer: boolean; stopTimeoutSeconds: number },
  ) {
    this.capture = new LogCapture({ dir: opts.logDir, name: plan.name });
  }

  get id(): string | undefined {
    return this.container?.id;
  }

  async createAndStart(signal?: AbortSignal): Promise<void> {
    const what = `container ${this.plan.name}`;
    try {
      this.container = await this.docker.createContainer({ ...this.plan.spec, abortSignal: signal } as Docker.ContainerCreateOptions);
    } catch (error) {
      if (signal?.aborted) throw abortedError(signal, what);
      throw classifyStartError(error, `creating ${what}`);
    }
    // From here on the container exists: stop it if this process is interrupted or exits.
    this.untrack = track({ stop: () => this.stop(), killNow: () => this.killNow() });
    try {
      await this.container.start({ abortSignal: signal });
    } catch (error) {
      if (signal?.aborted) throw abortedError(signal, what);
      throw classifyStartError(error, `starting ${what}`);
    }
    this.follow = await followLogs(this.docker, this.container, this.capture);
  }

  /** Throws `container-exited` when the container is no longer running (with its exit code and OOM flag). */
  async assertRunning(signal?: AbortSignal): Promise<void> {
    const info = await this.inspect(signal);
    if (!info || info.State.Running) return;
    this.exit = { exitCode: info.State.ExitCode, oomKilled: info.State.OOMKilled, status: info.State.Status };
    await drained(this.follow, 2_000);
    const oom = info.State.OOMKilled ? ', killed for lack of memory' : '';
    throw new EngineError('engine:container-exited', `container ${this.plan.name} exited with code ${info.State.ExitCode}${oom} before it was healthy`, {
      details: { exitCode: info.State.ExitCode, oomKilled: info.State.OOMKilled },
    });
  }

  private async inspect(signal?: AbortSignal): Promise<Docker.ContainerInspectInfo | undefined> {
    if (!this.container) return undefined;
    try {
      return await this.container.inspect({ abortSignal: signal });
    } catch (error) {
      if (signal?.aborted) throw abortedError(signal, `container ${this.plan.name}`);
      if (dockerStatusCode(error) === 404) throw new EngineError('engine:container-exited', `container ${this.plan.name} is gone (removed by someone else?)`);
      throw new EngineError('engine:docker-error', `inspecting ${this.plan.name}: ${describeDockerError(error)}`, { cause: error });
    }
  }

  /** Stops and (unless kept) removes the container, by name, so a create that an abort interrupted is found too. */
  stop(): Promise<void> {
    this.stopping ??= this.stopOnce();
    return this.stopping;
  }

  private async stopOnce(): Promise<void> {
    const target = this.container ?? this.docker.getContainer(this.plan.name);
    try {
      await target.stop({ t: this.opts.stopTimeoutSeconds });
    } catch (error) {
      // 304: already stopped; 404: never created or already removed.
      if (![304, 404].includes(dockerStatusCode(error) ?? 0)) this.capture.stderr.write(`recovery-bench: stop failed: ${describeDockerError(error)}\n`);
    }
    try {
      const info = await target.inspect();
      this.exit ??= { exitCode: info.State.ExitCode, oomKilled: info.State.OOMKilled, status: info.State.Status };
    } catch {
      // Gone already.
    }
    await drained(this.follow, 2_000);
    this.follow?.destroy();
    if (!this.opts.keepContainer) await removeQuietly(target);
    await this.capture.close();
    this.untrack?.();
  }

  /** While the process exits: no event loop is left, so the Docker CLI does the removal synchronously. */
  private killNow(): void {
    spawnSync('docker', ['rm', '-f', '-v', this.plan.name], { stdio: 'ignore', timeout: 15_000 });
  }
}

async function removeQuietly(container: Docker.Container): Promise<void> {
  try {
    await container.remove({ force: true, v: true });
  } catch (error) {
    const code = dockerStatusCode(error);
    // 404: gone; 409: removal already in progress.
    if (code !== 404 && code !== 409) throw new EngineError('engine:docker-error', `removing container: ${describeDockerError(error)}`, { cause: error });
  }
}

