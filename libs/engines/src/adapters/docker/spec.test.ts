import { describe, expect, it } from 'vitest';
import { DockerEngineConfigSchema, type DockerEngineConfigInput } from './config.ts';
import { dockerRunLine, shellQuote } from './run-line.ts';
import { buildContainerPlan } from './spec.ts';

const plan = (input: Omit<DockerEngineConfigInput, 'kind'>, hostPort = 18_000, runId = 'r1') =>
  buildContainerPlan(DockerEngineConfigSchema.parse({ kind: 'docker', ...input }), { runId, hostPort });

const qwenGguf = { path: '/srv/models/Qwen3-8B-Q8_0.gguf', servedName: 'qwen3-8b', contextLength: 32_768 };
const qwenHf = { path: '/srv/models/Qwen3-8B', servedName: 'qwen3-8b', contextLength: 32_768 };
const llamaHf = { path: '/srv/models/Llama-3.1-8B-Instruct', servedName: 'llama-3.1-8b', contextLength: 16_384, toolFormat: 'llama3' as const };
const ALL_GPUS = [{ Driver: '', Count: -1, Capabilities: [['gpu']] }];

describe('container specs per engine (spec section 2 and 3)', () => {
  it('llama.cpp: pinned image, flags only (the image entrypoint is llama-server), port 8080 on 127.0.0.1, all GPUs, model read-only', () => {
    const { spec, url, healthPath, engineKind } = plan({ engine: 'llama.cpp', model: qwenGguf, parallel: 2, seed: 7 });
    expect(spec.Image).toBe('ghcr.io/ggml-org/llama.cpp:server-cuda-b11951');
    expect(spec.Entrypoint).toBeUndefined();
    expect(spec.Cmd).toEqual([
      '-m', '/models/Qwen3-8B-Q8_0.gguf', '--alias', 'qwen3-8b', '--jinja', '-c', '65536', '-np', '2', '-ngl', '99', '-fa', 'auto',
      '-s', '7', '--host', '0.0.0.0', '--port', '8080',
    ]);
    expect(spec.Cmd).not.toContain('--context-shift');
    expect(spec.ExposedPorts).toEqual({ '8080/tcp': {} });
    expect(spec.HostConfig?.PortBindings).toEqual({ '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: '18000' }] });
    expect(spec.HostConfig?.DeviceRequests).toEqual(ALL_GPUS);
    expect(spec.HostConfig?.Mounts).toEqual([{ Type: 'bind', Source: '/srv/models/Qwen3-8B-Q8_0.gguf', Target: '/models/Qwen3-8B-Q8_0.gguf', ReadOnly: true }]);
    expect(spec.HostConfig?.IpcMode).toBeUndefined();
    expect(spec.HostConfig?.AutoRemove).toBe(false);
    expect(spec.Env).toEqual([]);
    expect({ url, healthPath, engineKind }).toEqual({ url: 'http://127.0.0.1:18000', healthPath: '/health', engineKind: 'llama.cpp' });
  });

  it('vLLM: model path first (entrypoint `vllm serve`), served name, hermes parser, context, seed, generation config, IpcMode host, offline and batch-invariant', () => {
    const { spec } = plan({ engine: 'vllm', model: qwenHf, parallel: 4 });
    expect(spec.Image).toBe('vllm/vllm-openai:v0.32.0');
    expect(spec.Cmd).toEqual([
      '/models/Qwen3-8B', '--served-model-name', 'qwen3-8b', '--enable-auto-tool-choice', '--tool-call-parser', 'hermes',
      '--chat-template-content-format', 'string', '--max-model-len', '32768', '--max-num-seqs', '4', '--seed', '0',
      '--generation-config', 'vllm', '--host', '0.0.0.0', '--port', '8000',
    ]);
    expect(spec.Env).toEqual(['HF_HUB_OFFLINE=1', 'VLLM_BATCH_INVARIANT=1']);
    expect(spec.HostConfig?.IpcMode).toBe('host');
    expect(spec.HostConfig?.ShmSize).toBeUndefined();
    expect(spec.HostConfig?.PortBindings).toEqual({ '8000/tcp': [{ HostIp: '127.0.0.1', HostPort: '18000' }] });
  });

  it('vLLM with Llama 3.x: llama3_json and the tool template shipped in the image', () => {
    const { spec } = plan({ engine: 'vllm', model: llamaHf, deterministic: false });
    expect(spec.Cmd).toEqual(expect.arrayContaining(['--tool-call-parser', 'llama3_json', '--chat-template', '/vllm-workspace/examples/tool_chat_template_llama3.1_json.jinja', '--max-model-len', '16384']));
    expect(spec.Env).toEqual(['HF_HUB_OFFLINE=1']);
  });

  it('SGLang: python3 -m sglang.launch_server, qwen parser, context, determinism flags, IpcMode host and 32 GiB of shared memory', () => {
    const { spec } = plan({ engine: 'sglang', model: qwenHf });
    expect(spec.Image).toBe('lmsysorg/sglang:v0.5.22');
    expect(spec.Cmd).toEqual([
      'python3', '-m', 'sglang.launch_server', '--model-path', '/models/Qwen3-8B', '--served-model-name', 'qwen3-8b', '--tool-call-parser', 'qwen',
      '--context-length', '32768', '--random-seed', '0', '--sampling-defaults', 'openai', '--enable-deterministic-inference',
      '--host', '0.0.0.0', '--port', '30000',
    ]);
    expect(spec.Cmd).not.toContain('--allow-auto-truncate');
    expect(spec.HostConfig?.IpcMode).toBe('host');
    expect(spec.HostConfig?.ShmSize).toBe(32 * 1024 ** 3);
    expect(plan({ engine: 'sglang', model: llamaHf }).spec.Cmd).toEqual(expect.arrayContaining(['--tool-call-parser', 'llama3']));
  });

  it('GeulPU: image, entrypoint and command from config, placeholders filled, the model read-only, its health path', () => {
    const { spec, healthPath, engineKind } = plan({
      engine: 'geulpu', image: 'geulpu:0.15.0', entrypoint: ['/opt/geulpu/bin/server'], containerPort: 9000, healthPath: '/ready',
      command: ['--model', '{model}', '--name', '{servedName}', '--listen', '{host}:{port}', '--ctx', '{contextLength}', '--seed', '{seed}', '{unknown}'],
      model: qwenGguf, env: { GEULPU_MODE: 'exact' },
    });
    expect(spec.Image).toBe('geulpu:0.15.0');
    expect(spec.Entrypoint).toEqual(['/opt/geulpu/bin/server']);
    expect(spec.Cmd).toEqual(['--model', '/models/Qwen3-8B-Q8_0.gguf', '--name', 'qwen3-8b', '--listen', '0.0.0.0:9000', '--ctx', '32768', '--seed', '0', '{unknown}']);
    expect(spec.Env).toEqual(['GEULPU_MODE=exact']);
    expect(spec.HostConfig?.PortBindings).toEqual({ '9000/tcp': [{ HostIp: '127.0.0.1', HostPort: '18000' }] });
    expect(spec.HostConfig?.IpcMode).toBeUndefined();
    expect({ healthPath, engineKind }).toEqual({ healthPath: '/ready', engineKind: 'geulpu' });
  });

  it('labels carry the run, the engine and the model; the name is Docker-safe', () => {
    const { spec, name } = plan({ engine: 'vllm', model: { ...qwenHf, servedName: 'org/Qwen3 8B' } }, 18_000, 'run_42');
    expect(spec.Labels).toEqual({ 'engines.managed': 'true', 'engines.run': 'run_42', 'engines.engine': 'vllm', 'engines.model': 'org/Qwen3 8B' });
    expect(name).toBe('eng-run_42-vllm-org-Qwen3-8B');
    expect(name).toMatch(/^[a-zA-Z0-9][a-zA-Z0-9_.-]+$/);
  });

  it('host networking: no published ports, the server binds 127.0.0.1 on the chosen port', () => {
    const { spec, url } = plan({ engine: 'llama.cpp', model: qwenGguf, network: 'host' }, 28_080);
    expect(spec.HostConfig?.NetworkMode).toBe('host');
    expect(spec.HostConfig?.PortBindings).toBeUndefined();
    expect(spec.ExposedPorts).toBeUndefined();
    expect(spec.Cmd?.slice(-4)).toEqual(['--host', '127.0.0.1', '--port', '28080']);
    expect(url).toBe('http://127.0.0.1:28080');
  });

  it('host networking in a Kubernetes pod: the server binds the address it is given (the kubelet probes the pod address)', () => {
    const config = DockerEngineConfigSchema.parse({ kind: 'docker', engine: 'vllm', model: qwenHf, network: 'host' });
    const { spec, url } = buildContainerPlan(config, { runId: 'r1', hostPort: 18_001, hostNetworkListen: '0.0.0.0' });
    expect(spec.Cmd?.slice(-4)).toEqual(['--host', '0.0.0.0', '--port', '18001']);
    expect(url).toBe('http://127.0.0.1:18001');
    const geulpu = buildContainerPlan(DockerEngineConfigSchema.parse({ kind: 'docker', engine: 'geulpu', image: 'geulpu:dev', network: 'host', command: ['--host', '{host}', '--port', '{port}'], model: qwenGguf }), { runId: 'r1', hostPort: 18_002, hostNetworkListen: '0.0.0.0' });
    expect(geulpu.spec.Cmd).toEqual(['--host', '0.0.0.0', '--port', '18002']);
  });

  it('GPU requests: all, chosen devices, or none; a chat template and extra mounts are read-only binds', () => {
    expect(plan({ engine: 'vllm', model: qwenHf, gpus: ['0', '2'] }).spec.HostConfig?.DeviceRequests).toEqual([{ Driver: '', Count: 0, DeviceIDs: ['0', '2'], Capabilities: [['gpu']] }]);
    expect(plan({ engine: 'vllm', model: qwenHf, gpus: 'none' }).spec.HostConfig?.DeviceRequests).toBeUndefined();
    const { spec } = plan({ engine: 'llama.cpp', model: { ...qwenGguf, chatTemplate: '/srv/t/qwen.jinja' }, mounts: [{ source: '/srv/cache', target: '/cache', readOnly: false }] });
    expect(spec.HostConfig?.Mounts).toEqual([
      { Type: 'bind', Source: '/srv/models/Qwen3-8B-Q8_0.gguf', Target: '/models/Qwen3-8B-Q8_0.gguf', ReadOnly: true },
      { Type: 'bind', Source: '/srv/t/qwen.jinja', Target: '/templates/qwen.jinja', ReadOnly: true },
      { Type: 'bind', Source: '/srv/cache', Target: '/cache', ReadOnly: false },
    ]);
    expect(spec.Cmd).toEqual(expect.arrayContaining(['--chat-template-file', '/templates/qwen.jinja']));
  });

  it('rejects what the adapter decides and what GeulPU lacks, naming the field', () => {
    const errors = (input: Record<string, unknown>) => DockerEngineConfigSchema.safeParse({ kind: 'docker', ...input }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
    expect(errors({ engine: 'geulpu', model: qwenGguf })).toEqual([expect.stringMatching(/^image: GeulPU has no pinned image/), expect.stringMatching(/^command: GeulPU needs/)]);
    expect(errors({ engine: 'vllm', model: qwenHf, command: ['x'] })).toEqual([expect.stringMatching(/^command: command is set by the vllm adapter/)]);
    expect(errors({ engine: 'sglang', model: { ...qwenHf, servedName: 'qwen:8b' } })).toEqual([expect.stringMatching(/^model.servedName: SGLang reads/)]);
    expect(errors({ engine: 'vllm', model: qwenHf, gpu: 'all' })).toEqual([expect.stringMatching(/Unrecognized key/)]);
  });
});

describe('the equivalent docker run line', () => {
  it('reproduces the vLLM spec flag by flag', () => {
    expect(dockerRunLine(plan({ engine: 'vllm', model: qwenHf }))).toBe(
      'docker run -d --name eng-r1-vllm-qwen3-8b --label engines.managed=true --label engines.run=r1 --label engines.engine=vllm '
      + '--label engines.model=qwen3-8b -p 127.0.0.1:18000:8000 --gpus all --ipc host '
      + '--mount type=bind,source=/srv/models/Qwen3-8B,target=/models/Qwen3-8B,readonly -e HF_HUB_OFFLINE=1 -e VLLM_BATCH_INVARIANT=1 '
      + 'vllm/vllm-openai:v0.32.0 /models/Qwen3-8B --served-model-name qwen3-8b --enable-auto-tool-choice --tool-call-parser hermes '
      + '--chat-template-content-format string --max-model-len 32768 --max-num-seqs 1 --seed 0 --generation-config vllm --host 0.0.0.0 --port 8000',
    );
  });

  it('writes shared memory, devices, host networking, entrypoints and quoting as docker run takes them', () => {
    const sglang = dockerRunLine(plan({ engine: 'sglang', model: qwenHf, gpus: ['0', '1'] }));
    expect(sglang).toContain(`--gpus '"device=0,1"' --ipc host --shm-size 32g`);
    const geulpu = dockerRunLine(plan({ engine: 'geulpu', image: 'geulpu:dev', network: 'host', gpus: 'none', entrypoint: ['sh', '-c'], command: ['exec server --port {port} --name "it\'s"'], model: qwenGguf }, 28_000));
    expect(geulpu).toContain(' --network host --mount ');
    expect(geulpu).not.toContain('--gpus');
    expect(geulpu.endsWith(`--entrypoint sh geulpu:dev -c 'exec server --port 28000 --name "it'\\''s"'`)).toBe(true);
  });

  it('quotes only what the shell would split or expand', () => {
    expect(['a/b:c', 'x y', '', "it's", '$HOME', '{model}'].map(shellQuote)).toEqual(['a/b:c', "'x y'", "''", "'it'\\''s'", "'$HOME'", "'{model}'"]);
  });
});
