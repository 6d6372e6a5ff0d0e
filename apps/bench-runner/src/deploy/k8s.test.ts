import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runDeployCommand } from '../cli/deploy.ts';
import { userErrorReport } from '../cli/errors.ts';
import { parseRunConfig, presetConfig } from '../config/load.ts';
import { adapterConfig } from '../run/engine-configs.ts';
import { DOCKER_CONFIG, GATES, readManifests, SIM_CONFIG, validateK8sObject, writeFiles } from '../testing/deploy-files.ts';
import type { ConfigMap, Container, Job } from './k8s-types.ts';
import { claimPath } from './sidecars.ts';

/** `recovery-bench deploy k8s … --out -`, in this process: the manifests as kubectl would read them. */
async function deployK8s(args: string[]): Promise<{ objects: Record<string, unknown>[]; text: string; notes: string }> {
  let text = '';
  let notes = '';
  const code = await runDeployCommand(['k8s', ...args, '--out', '-'], { out: (t) => (text += t), err: (t) => (notes += t) });
  expect(code).toBe(0);
  return { objects: readManifests(text), text, notes };
}

/** The line a user sees for a mistake (as `main` prints it), which must be one line. */
async function deployError(args: string[]): Promise<string> {
  try {
    await runDeployCommand(args, { out: () => {}, err: () => {} });
  } catch (error) {
    const report = userErrorReport(`deploy ${args[0]}`, error);
    if (report === undefined) throw error;
    return report.text;
  }
  throw new Error(`deploy ${args.join(' ')} did not fail`);
}

const files = writeFiles({ 'sim.yaml': SIM_CONFIG, 'gpu.yaml': DOCKER_CONFIG, 'gates.yaml': GATES });
const base = ['--image', 'registry.example/recovery-bench:1', '--results-claim', 'bench-results'];

function parts(objects: Record<string, unknown>[]): { configMap: ConfigMap; shards: Job; merge: Job } {
  const [configMap, shards, merge] = objects as unknown as [ConfigMap, Job, Job];
  return { configMap, shards, merge };
}

describe('deploy k8s', () => {
  it('sim engines: a ConfigMap with the config as written, an Indexed Job of runner pods, a merge Job; every object valid', async () => {
    const { objects, text } = await deployK8s(['--config', join(files, 'sim.yaml'), '--shards', '4', '--gate', join(files, 'gates.yaml'), '--namespace', 'studies', ...base]);
    expect(text).toMatch(/^# recovery-bench on Kubernetes: toolmaze with .*sim\.yaml in 4 shards\./);
    expect(objects.map((o) => o.kind)).toEqual(['ConfigMap', 'Job', 'Job']);
    for (const object of objects) expect(() => validateK8sObject(object)).not.toThrow();
    const { configMap, shards, merge } = parts(objects);
    expect(configMap.metadata).toMatchObject({ name: 'recovery-bench-sim-lab-config', namespace: 'studies' });
    // Nothing to transform: the runner reads the user's own text, comments and all.
    expect(configMap.data['config.yaml']).toBe(SIM_CONFIG);
    expect(configMap.data['gates.yaml']).toBe(GATES);

    expect(shards.spec).toMatchObject({ completionMode: 'Indexed', completions: 4, parallelism: 4, backoffLimitPerIndex: 2 });
    const pod = shards.spec.template.spec;
    expect(pod.restartPolicy).toBe('Never');
    expect(pod.initContainers).toBeUndefined();
    expect(pod.containers).toHaveLength(1);
    expect(pod.containers[0]!.command).toEqual(['recovery-bench', 'run', 'toolmaze', '--config', '/config/config.yaml', '--shard', 'auto', '--shards', '4', '--out', '/results/shards']);
    expect(pod.containers[0]!.image).toBe('registry.example/recovery-bench:1');
    expect(pod.volumes).toEqual([{ name: 'config', configMap: { name: 'recovery-bench-sim-lab-config' } }, { name: 'results', persistentVolumeClaim: { claimName: 'bench-results' } }]);

    const mergePod = merge.spec.template.spec;
    expect(merge.spec.backoffLimit).toBe(0);
    expect(mergePod.initContainers![0]!.command).toEqual(['recovery-bench', 'deploy', 'wait-shards', '/results/shards', '--shards', '4']);
    const script = mergePod.containers[0]!.command!;
    expect(script.slice(0, 2)).toEqual(['sh', '-c']);
    expect(script[2]).toContain('out=$(recovery-bench merge /results/shards/shard-1-of-4 /results/shards/shard-2-of-4 /results/shards/shard-3-of-4 /results/shards/shard-4-of-4 --out /results/merged --no-report)');
    expect(script[2]).toMatch(/recovery-bench report "\$dir" --gate \/config\/gates\.yaml$/);
  });

  it('docker engines: one native sidecar per engine × model on its own port, GPUs where due, weights read-only from the models claim', async () => {
    const { objects, notes } = await deployK8s(['--config', join(files, 'gpu.yaml'), '--shards', '3', '--parallelism', '2', '--models-claim', 'model-weights', '--gpu', 'amd.com/gpu', ...base]);
    for (const object of objects) expect(() => validateK8sObject(object)).not.toThrow();
    const { shards } = parts(objects);
    expect(shards.spec).toMatchObject({ completions: 3, parallelism: 2 });
    const sidecars = shards.spec.template.spec.initContainers!;
    expect(sidecars.map((c) => c.name)).toEqual(['eng-1-vllm-qwen3-8b', 'eng-2-vllm-llama-3-1-8b', 'eng-3-llama-cpp-qwen3-8b', 'eng-4-llama-cpp-llama-3-1-8b']);
    expect(sidecars.every((c) => c.restartPolicy === 'Always')).toBe(true);
    const ports = sidecars.map((c) => c.ports![0]!.containerPort);
    expect(new Set(ports).size).toBe(4);
    // Each server binds its own port on the pod's network, where the kubelet's startup probe reaches it.
    for (const [i, c] of sidecars.entries()) {
      expect(c.args!.slice(-4)).toEqual(['--host', '0.0.0.0', '--port', String(ports[i])]);
      expect(c.startupProbe).toEqual({ httpGet: { path: '/health', port: ports[i] }, periodSeconds: 10, failureThreshold: 120 });
    }
    // vLLM asks for a GPU by the cluster's resource name; llama.cpp has gpus: none.
    expect(sidecars.map((c) => c.resources?.limits)).toEqual([{ 'amd.com/gpu': '1' }, { 'amd.com/gpu': '1' }, undefined, undefined]);
    expect(notes).toContain('4 engine sidecars');
    expect(notes).toContain('2 × amd.com/gpu');

    const [vllmQwen, vllmLlama, llamaQwen, llamaLlama] = sidecars as [Container, Container, Container, Container];
    expect(vllmQwen.image).toBe('vllm/vllm-openai:v0.32.0');
    expect(vllmQwen.env).toEqual([{ name: 'HF_HUB_OFFLINE', value: '1' }, { name: 'VLLM_BATCH_INVARIANT', value: '1' }]);
    expect(vllmQwen.volumeMounts).toEqual([{ name: 'models', mountPath: '/models/Qwen3-8B', subPath: 'Qwen3-8B', readOnly: true }, { name: 'shm-1', mountPath: '/dev/shm' }]);
    expect(vllmLlama.args).toEqual(expect.arrayContaining(['/models/Llama-3.1-8B-Instruct', '--tool-call-parser', 'llama3_json', '--max-num-seqs', '4']));
    expect(llamaQwen).toMatchObject({ image: 'ghcr.io/ggml-org/llama.cpp:server-cuda-b11951', imagePullPolicy: 'Never' });
    expect(llamaQwen.args).toEqual(expect.arrayContaining(['-m', '/models/Qwen3-8B-Q8_0.gguf', '--alias', 'qwen3-8b']));
    // An absolute weights path under modelsDir is the same path inside the claim.
    expect(llamaLlama.volumeMounts).toEqual([{ name: 'models', mountPath: '/models/Llama-3.1-8B-Instruct-Q8_0.gguf', subPath: 'gguf/Llama-3.1-8B-Instruct-Q8_0.gguf', readOnly: true }]);
    expect(shards.spec.template.spec.volumes).toEqual(expect.arrayContaining([
      { name: 'models', persistentVolumeClaim: { claimName: 'model-weights', readOnly: true } },
      { name: 'shm-1', emptyDir: { medium: 'Memory' } },
      { name: 'shm-2', emptyDir: { medium: 'Memory' } },
    ]));
  });

  it("the pod's config parses with the runner's parser and sends each engine × model to its own sidecar, system ids unchanged", async () => {
    const { objects } = await deployK8s(['--config', join(files, 'gpu.yaml'), '--shards', '2', '--models-claim', 'model-weights', ...base]);
    const { configMap, shards } = parts(objects);
    const text = configMap.data['config.yaml']!;
    expect(text).toMatch(/^# Written by recovery-bench deploy k8s from .*gpu\.yaml: its docker engines \(vllm, llama\.cpp\)/);
    const config = parseRunConfig(parseYaml(text), 'the ConfigMap');
    const original = parseRunConfig(parseYaml(DOCKER_CONFIG), 'gpu.yaml');
    expect(config.systems).toEqual(original.systems);
    expect(config.models).toEqual(original.models);
    expect(config.engines.sim).toEqual(original.engines.sim);
    expect(config.engines.vllm).toMatchObject({ kind: 'external', engine: 'vllm' });
    expect(config.engines['llama.cpp']).toMatchObject({ kind: 'external', engine: 'llama.cpp' });

    const sidecars = shards.spec.template.spec.initContainers!;
    for (const engine of ['vllm', 'llama.cpp']) {
      for (const [model, served] of [['qwen3-8b', 'qwen3-8b'], ['llama-3.1-8b', 'llama-3.1-8b']] as const) {
        const adapter = adapterConfig(config, engine, model);
        expect(adapter).toMatchObject({ kind: 'external', engine, model: served, checkOnStart: false });
        const port = Number(/^http:\/\/127\.0\.0\.1:(\d+)\/v1$/.exec((adapter as { url: string }).url)?.[1]);
        const sidecar = sidecars.find((c) => c.ports![0]!.containerPort === port)!;
        expect(sidecar.image).toBe(engine === 'vllm' ? 'vllm/vllm-openai:v0.32.0' : 'ghcr.io/ggml-org/llama.cpp:server-cuda-b11951');
        expect(sidecar.args).toEqual(expect.arrayContaining([engine === 'vllm' ? '--served-model-name' : '--alias', served, '--port', String(port)]));
      }
    }
  });

  it('a preset deploys as its definition: study3 gives every pod its 18 engine × model sidecars (Llama-3.3-70B on G and L only), one GPU each', async () => {
    const { objects, notes } = await deployK8s(['--preset', 'study3', '--benchmark', 'loudquiet', '--shards', '8', '--models-claim', 'model-weights', ...base]);
    for (const object of objects) expect(() => validateK8sObject(object)).not.toThrow();
    const { configMap, shards } = parts(objects);
    const config = parseRunConfig(parseYaml(configMap.data['config.yaml']!), 'the ConfigMap');
    expect(config.systems).toEqual(presetConfig('study3').systems);
    expect(Object.values(config.engines).map((e) => e.kind)).toEqual(['external', 'external', 'external', 'external']);
    const sidecars = shards.spec.template.spec.initContainers!;
    // Four engines × four models that run on every engine, and Llama-3.3-70B on GeulPU and llama.cpp.
    expect(sidecars).toHaveLength(18);
    expect(sidecars.filter((c) => c.resources?.limits['nvidia.com/gpu'] === '1')).toHaveLength(18);
    expect(sidecars.filter((c) => c.name.endsWith('-llama-3-3-70b')).map((c) => c.name)).toEqual([expect.stringContaining('-geulpu-'), expect.stringContaining('-llama-cpp-')]);
    expect(shards.spec.template.spec.containers[0]!.command).toEqual(['recovery-bench', 'run', 'loudquiet', '--config', '/config/config.yaml', '--shard', 'auto', '--shards', '8', '--out', '/results/shards']);
    expect(notes).toContain('a pod starts all 18 sidecars at once, each with its own GPU');
    expect(await deployError(['k8s', '--preset', 'study3', '--config', join(files, 'sim.yaml'), '--shards', '2', ...base])).toMatch(/--config FILE or a preset with --preset NAME \(one of them\)/);
  });

  it('--tier deploys one tier: its models alone in the config, only their sidecars, names that carry the tier', async () => {
    const { objects, notes } = await deployK8s(['--preset', 'study3', '--tier', 'large', '--benchmark', 'loudquiet', '--shards', '4', '--models-claim', 'model-weights', ...base]);
    for (const object of objects) expect(() => validateK8sObject(object)).not.toThrow();
    const { configMap, shards, merge } = parts(objects);
    expect([configMap, shards, merge].map((o) => o.metadata.name)).toEqual(['recovery-bench-study3-large-config', 'recovery-bench-study3-large-shards', 'recovery-bench-study3-large-merge']);
    const config = parseRunConfig(parseYaml(configMap.data['config.yaml']!), 'the ConfigMap');
    expect(Object.keys(config.models)).toEqual(['qwen3-32b', 'llama-3.3-70b']);
    // Llama-3.3-70B ran on G and L only: six sidecars, not eight.
    expect(shards.spec.template.spec.initContainers!.map((c) => c.name)).toEqual([
      'eng-1-geulpu-qwen3-32b', 'eng-2-geulpu-llama-3-3-70b', 'eng-3-llama-cpp-qwen3-32b', 'eng-4-llama-cpp-llama-3-3-70b', 'eng-5-vllm-qwen3-32b', 'eng-6-sglang-qwen3-32b',
    ]);
    expect(notes).toContain('6 engine sidecars');
    expect(await deployError(['k8s', '--preset', 'study3', '--tier', 'medium', '--benchmark', 'loudquiet', '--shards', '2', ...base])).toMatch(/unknown tier "medium"; tiers of config study3: small, large/);
  });

  it('a broken manifest fails the same validation (so the check can fail)', async () => {
    const { objects } = await deployK8s(['--config', join(files, 'sim.yaml'), '--shards', '2', ...base]);
    const job = structuredClone(objects[1]!) as unknown as Job;
    (job.spec as Record<string, unknown>).completionMode = 'Sideways';
    expect(() => validateK8sObject(job as unknown as Record<string, unknown>)).toThrow(/completionMode must be equal to one of the allowed values/);
    const nameless = structuredClone(objects[1]!) as unknown as Job;
    delete (nameless.spec.template.spec.containers[0] as Partial<Container>).name;
    expect(() => validateK8sObject(nameless as unknown as Record<string, unknown>)).toThrow(/containers\/0 must have required property '?name'?/);
    const configMap = structuredClone(objects[0]!) as unknown as { data: unknown };
    configMap.data = { 'config.yaml': 42 };
    expect(() => validateK8sObject(configMap as unknown as Record<string, unknown>)).toThrow(/must be string/);
  });

  it('bad input is one line: no shards, a process engine, a missing config, no image or models claim', async () => {
    const sim = join(files, 'sim.yaml');
    const withProcess = writeFiles({ 'p.yaml': SIM_CONFIG.replace('sim: { kind: sim, imitates: vllm }', 'sim: { kind: process, engine: llama.cpp, args: ["--port", "{port}"] }') });
    const cases: [string[], RegExp][] = [
      [['k8s', '--config', sim, '--shards', '0', ...base], /^recovery-bench deploy k8s: --shards takes a whole number of at least 2; got "0"/],
      [['k8s', '--config', sim, '--shards', 'x', ...base], /--shards takes a whole number/],
      [['k8s', '--config', join(withProcess, 'p.yaml'), '--shards', '2', ...base], /^recovery-bench deploy k8s: engine "sim" is a process engine \(a binary on this host\), which a pod cannot run/],
      [['k8s', '--config', join(files, 'missing.yaml'), '--shards', '2', ...base], /^recovery-bench deploy k8s: cannot read config .*missing\.yaml: ENOENT/],
      [['k8s', '--config', sim, '--shards', '2', '--results-claim', 'r'], /^recovery-bench deploy k8s: --image is required/],
      [['k8s', '--config', join(files, 'gpu.yaml'), '--shards', '2', ...base], /^recovery-bench deploy k8s: engines vllm, llama\.cpp load model weights: name the claim that holds them with --models-claim/],
      [['k8s', '--config', sim, '--shards', '2', '--parallelism', '3', ...base], /--parallelism takes a whole number from 1 to 2/],
      [['k8s', '--config', sim, '--shards', '2', '--runs-on', 'x', ...base], /^recovery-bench deploy k8s: deploy k8s does not take --runs-on/],
      [['k8s', '--config', sim, '--shards', '2', '--benchmark', 'loudquiet', ...base], /config sim-lab has no loudquiet section/],
      [['k8s', '--config', sim, '--shards', '2', '--namespace', 'Studies', ...base], /--namespace takes a DNS label/],
      [['swarm'], /^recovery-bench deploy swarm: deploy where\? k8s, github-actions or wait-shards/],
    ];
    for (const [args, expected] of cases) {
      const text = await deployError(args);
      expect(text).toMatch(expected);
      expect(text.trimEnd().split('\n').filter((l) => !l.startsWith('hint: '))).toHaveLength(1);
    }
  });

  it('weights must lie inside the models claim, which stands for modelsDir', () => {
    expect(claimPath({ modelsDir: 'models' }, 'm', 'Qwen3-8B')).toBe('Qwen3-8B');
    expect(claimPath({ modelsDir: '/srv/models' }, 'm', '/srv/models/a/b.gguf')).toBe('a/b.gguf');
    expect(() => claimPath({ modelsDir: '/srv/models' }, 'm', '/elsewhere/b.gguf')).toThrow(/model "m": weights "\/elsewhere\/b\.gguf" are not inside modelsDir/);
    expect(() => claimPath({}, 'm', '../b.gguf')).toThrow(/not inside modelsDir/);
  });
});
