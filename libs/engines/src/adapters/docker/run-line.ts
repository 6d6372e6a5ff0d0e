import type { ContainerPlan } from './spec.ts';

/** POSIX shell quoting: bare when safe, else single quotes. */
export function shellQuote(arg: string): string {
  if (arg !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

function gpusFlag(request: { Count?: number; DeviceIDs?: string[] }): string {
  if (request.DeviceIDs && request.DeviceIDs.length > 0) return `--gpus ${shellQuote(`"device=${request.DeviceIDs.join(',')}"`)}`;
  return request.Count === -1 ? '--gpus all' : `--gpus ${request.Count ?? 0}`;
}

function sizeFlag(bytes: number): string {
  const units: [number, string][] = [[1024 ** 3, 'g'], [1024 ** 2, 'm'], [1024, 'k']];
  for (const [size, unit] of units) if (bytes % size === 0) return `${bytes / size}${unit}`;
  return `${bytes}b`;
}

/**
 * The `docker run` line that creates the same container as the plan's spec: printed by `engines start --dry-run`
 * and with every start failure, so a user can reproduce it by hand. Flags follow the spec field by field.
 */
export function dockerRunLine(plan: Pick<ContainerPlan, 'spec'>): string {
  const { spec } = plan;
  const host = spec.HostConfig ?? {};
  const parts: string[] = ['docker', 'run', '-d', '--name', spec.name];
  for (const [key, value] of Object.entries(spec.Labels ?? {})) parts.push('--label', shellQuote(`${key}=${value}`));
  if (host.NetworkMode) parts.push('--network', host.NetworkMode);
  for (const [port, bindings] of Object.entries(host.PortBindings ?? {}) as [string, { HostIp?: string; HostPort?: string }[]][]) {
    for (const b of bindings) parts.push('-p', `${b.HostIp ? `${b.HostIp}:` : ''}${b.HostPort ?? ''}:${port.replace('/tcp', '')}`);
  }
  for (const request of host.DeviceRequests ?? []) parts.push(gpusFlag(request));
  if (host.IpcMode) parts.push('--ipc', host.IpcMode);
  if (host.ShmSize) parts.push('--shm-size', sizeFlag(host.ShmSize));
  for (const m of host.Mounts ?? []) parts.push('--mount', shellQuote(`type=${m.Type},source=${m.Source},target=${m.Target}${m.ReadOnly ? ',readonly' : ''}`));
  for (const e of spec.Env ?? []) parts.push('-e', shellQuote(e));
  const entrypoint = Array.isArray(spec.Entrypoint) ? spec.Entrypoint : spec.Entrypoint ? [spec.Entrypoint] : [];
  // `docker run --entrypoint` takes one word; the rest of a longer entrypoint goes before the command.
  if (entrypoint.length > 0) parts.push('--entrypoint', shellQuote(entrypoint[0]!));
  parts.push(shellQuote(spec.Image));
  const cmd = Array.isArray(spec.Cmd) ? spec.Cmd : spec.Cmd ? [spec.Cmd] : [];
  parts.push(...[...entrypoint.slice(1), ...cmd].map(shellQuote));
  return parts.join(' ');
}
