import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../testing/run-command.ts';
import { runEnginesCommand, type EnginesCommandIo } from './engines.ts';

const LIST_MODULE = fileURLToPath(new URL('./list.ts', import.meta.url));

async function run(args: string[], stopped?: (out: string[]) => Promise<unknown>) {
  const out: string[] = [];
  const err: string[] = [];
  let release!: () => void;
  const io: EnginesCommandIo = {
    out: (line) => {
      out.push(line);
      if (line.startsWith('proxy: ') && stopped) void stopped(out).finally(release);
    },
    err: (line) => err.push(line),
    ...(stopped ? { stopped: new Promise<void>((r) => (release = r)) } : {}),
  };
  const code = await runEnginesCommand(args, io);
  return { code, out, err };
}

describe('recovery-bench engines start --dry-run', () => {
  it('prints the exact docker run line of each engine', async () => {
    const line = async (...args: string[]) => (await run(['start', ...args, '--dry-run'])).out.join('\n');
    expect(await line('llama.cpp', '--model', '/srv/models/Qwen3-8B-Q8_0.gguf', '--served-name', 'qwen3-8b')).toBe(
      'docker run -d --name eng-manual-llama.cpp-qwen3-8b --label engines.managed=true --label engines.run=manual --label engines.engine=llama.cpp '
      + '--label engines.model=qwen3-8b -p 127.0.0.1:8080:8080 --gpus all --mount type=bind,source=/srv/models/Qwen3-8B-Q8_0.gguf,target=/models/Qwen3-8B-Q8_0.gguf,readonly '
      + 'ghcr.io/ggml-org/llama.cpp:server-cuda-b11951 -m /models/Qwen3-8B-Q8_0.gguf --alias qwen3-8b --jinja -c 32768 -np 1 -ngl 99 -fa auto -s 0 --host 0.0.0.0 --port 8080',
    );
    expect(await line('vllm', '--model', '/srv/models/Llama-3.1-8B-Instruct', '--tool-format', 'llama3', '--gpus', '0', '--port', '18000')).toMatch(
      /^docker run -d --name eng-manual-vllm-Llama-3\.1-8B-Instruct .* -p 127\.0\.0\.1:18000:8000 --gpus '"device=0"' --ipc host .* vllm\/vllm-openai:v0\.32\.0 \/models\/Llama-3\.1-8B-Instruct --served-model-name Llama-3\.1-8B-Instruct .*--tool-call-parser llama3_json --chat-template \/vllm-workspace\/examples\/tool_chat_template_llama3\.1_json\.jinja /,
    );
    expect(await line('sglang', '--model', '/srv/models/Qwen3-8B', '--network', 'host', '--context', '8192')).toMatch(
      /--network host --gpus all --ipc host --shm-size 32g .* lmsysorg\/sglang:v0\.5\.22 python3 -m sglang\.launch_server --model-path \/models\/Qwen3-8B .*--context-length 8192 .*--host 127\.0\.0\.1 --port 30000$/,
    );
    expect(await line('geulpu', '--model', '/srv/m.gguf', '--image', 'geulpu:0.15.0', '--cmd=--model', '--cmd', '{model}', '--cmd=--port', '--cmd', '{port}', '--run-id', 'r7')).toBe(
      'docker run -d --name eng-r7-geulpu-m --label engines.managed=true --label engines.run=r7 --label engines.engine=geulpu --label engines.model=m '
      + '-p 127.0.0.1:8080:8080 --gpus all --mount type=bind,source=/srv/m.gguf,target=/models/m.gguf,readonly geulpu:0.15.0 --model /models/m.gguf --port 8080',
    );
  });

  it('reads any engine config from a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rb-engines-cli-'));
    writeFileSync(join(dir, 'e.yaml'), 'kind: docker\nengine: vllm\nport: 8001\nmodel: { path: /srv/Qwen3-8B, servedName: q }\nextraArgs: [--enforce-eager]\n');
    const { code, out } = await run(['start', '--config', join(dir, 'e.yaml'), '--dry-run']);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/-p 127\.0\.0\.1:8001:8000 .* --port 8000 --enforce-eager$/);
    writeFileSync(join(dir, 'bad.yaml'), 'kind: docker\nengine: geulpu\nmodel: { path: /m.gguf }\n');
    const bad = await run(['start', '--config', join(dir, 'bad.yaml'), '--dry-run']);
    expect(bad.code).toBe(2);
    expect(bad.err.join('\n')).toMatch(/bad\.yaml is not a valid engine config: ✖ GeulPU has no pinned image.*→ at image/);
  });

  it('user mistakes are one line and exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [['start', 'vllm', '--dry-run'], /--model is required/],
      [['start', 'ollama', '--model', 'x'], /the engine must be one of llama\.cpp, vllm, sglang, geulpu, sim/],
      [['start', 'geulpu', '--model', '/m.gguf', '--dry-run'], /GeulPU has no pinned image/],
      [['start', 'sim', '--model', 'ideal', '--dry-run'], /a sim engine has none/],
      [['start', 'vllm', '--model', '/m', '--port', 'x', '--dry-run'], /--port must be an integer/],
      [['stop'], /unknown subcommand "stop"/],
    ];
    for (const [args, message] of cases) {
      const { code, err } = await run(args);
      expect(code, args.join(' ')).toBe(2);
      expect(err.join('\n')).toMatch(message);
    }
  });
});

describe('recovery-bench engines start (sim)', () => {
  it('starts the engine and its proxy, prints the proxy URL, and stops both', async () => {
    const records = join(mkdtempSync(join(tmpdir(), 'rb-engines-cli-')), 'calls.jsonl');
    let answer: { model: string } | undefined;
    const { code, out } = await run(['start', 'sim', '--model', 'paper/qwen3-8b', '--proxy-port', '0', '--form', 'c3', '--records', records], async (lines) => {
      const proxyUrl = lines.find((l) => l.startsWith('proxy: '))!.slice('proxy: '.length);
      const response = await fetch(`${proxyUrl}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'whatever', messages: [{ role: 'user', content: 'hi' }] }) });
      answer = (await response.json()) as { model: string };
    });
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^engine: generic serving "sim-paper-qwen3-8b" at http:\/\/127\.0\.0\.1:\d+$/);
    expect(out[1]).toMatch(/^proxy: http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(out.at(-1)).toBe('engine stopped');
    expect(answer?.model).toBe('sim-paper-qwen3-8b');
    expect(readFileSync(records, 'utf8').trim().split('\n')).toHaveLength(1);
  });
});

describe('recovery-bench list', () => {
  it('lists the engine adapters and the docker engines from their registries', async () => {
    const { code, stdout } = await runCommand(LIST_MODULE, 'runListCommand', ['engines']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}docker {5}llama\.cpp, vLLM, SGLang/m);
    expect(stdout).toMatch(/^ {2}vllm {7}vllm\/vllm-openai:v0\.32\.0 \(port 8000\)$/m);
    expect(stdout).toMatch(/^ {2}geulpu {5}image and command from config/m);
    const presets = await runCommand(LIST_MODULE, 'runListCommand', ['presets']);
    expect(presets.stdout).toMatch(/^ {2}study3 {5}Study 3/m);
    const miss = await runCommand(LIST_MODULE, 'runListCommand', ['enignes']);
    expect(miss.code).toBe(2);
    expect(miss.stderr).toMatch(/list what\? engines, presets, benchmarks/);
  }, 60_000);
});
