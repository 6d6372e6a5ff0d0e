import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStimuli, SIM_SCRIPTS_DIR, writeStimuli } from './files.ts';
import { generateStimuli } from './stimuli.ts';

describe('stimuli files and their manifest', () => {
  it('writes every stimulus in every form as JSONL with SHA-256 hashes, and checks them back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rb-delivery-files-'));
    const stimuli = generateStimuli(5);
    const paths = writeStimuli(dir, stimuli, 5);
    expect(paths.map((p) => p.slice(dir.length + 1))).toEqual(['stimuli.jsonl', 'tools.json', `${SIM_SCRIPTS_DIR}/scripts.json`, 'manifest.json']);
    const lines = readFileSync(join(dir, 'stimuli.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(180 * 6);
    expect(lines[0]).toMatchObject({ format: 'recovery-bench/delivery-stimulus@1', id: 'S01-transient-C0', form: 'C0' });
    const manifest = checkStimuli(dir, stimuli, 5);
    expect(Object.keys(manifest.sha256)).toHaveLength(3);
    expect(() => checkStimuli(dir, stimuli, 6)).toThrow(/seed 5/);
    writeFileSync(join(dir, 'tools.json'), '[]\n');
    expect(() => checkStimuli(dir, stimuli, 5)).toThrow(/tools.json does not match its manifest hash/);
  });

  it('writes Study 2\'s stimuli with its own tools and says so in the manifest; a study asking for the other set is refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rb-delivery-study2-'));
    const study2 = generateStimuli(5, 'study2');
    writeStimuli(dir, study2, 5);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { set?: string };
    expect(manifest.set).toBe('study2');
    expect((JSON.parse(readFileSync(join(dir, 'tools.json'), 'utf8')) as { function: { name: string } }[]).map((t) => t.function.name)).toContain('read_meter');
    expect(checkStimuli(dir, study2, 5).set).toBe('study2');
    expect(() => checkStimuli(dir, generateStimuli(5), 5)).toThrow(/holds study2's stimuli, the config asks for study1's/);
  });
});
