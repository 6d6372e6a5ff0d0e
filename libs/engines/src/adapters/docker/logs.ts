import type Docker from 'dockerode';
import type { LogCapture } from '../log-capture.ts';

export interface LogFollow {
  /** Settles when Docker ends the stream (the container stopped) or it breaks. */
  ended: Promise<void>;
  destroy(): void;
}

/**
 * Follows a container's output from its start. The stream is multiplexed (8-byte frame headers per chunk)
 * because the container has no TTY; docker-modem splits it into the capture's stdout and stderr.
 */
export async function followLogs(docker: Docker, container: Docker.Container, capture: LogCapture): Promise<LogFollow> {
  const stream = await container.logs({ follow: true, stdout: true, stderr: true, timestamps: true });
  docker.modem.demuxStream(stream, capture.stdout, capture.stderr);
  const ended = new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });
  return { ended, destroy: () => (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.() };
}

/** Waits for the log stream to end, at most `ms`: the last lines of an exited container arrive just after it exits. */
export async function drained(follow: LogFollow | undefined, ms: number): Promise<void> {
  if (!follow) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([follow.ended, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
