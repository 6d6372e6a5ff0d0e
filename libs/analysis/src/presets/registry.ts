import { invalidSpec } from '../errors.ts';
import type { Preset } from './preset.ts';
import { layer } from './layer.ts';
import { study3 } from './study3.ts';

/** Presets of contrasts a run config asks for by id (`analysis: {presets: [...]}`). */
export const PRESETS = { study3, layer } as const satisfies Record<string, Preset>;
export type PresetId = keyof typeof PRESETS;

export function getPreset(id: string): Preset {
  if (Object.hasOwn(PRESETS, id)) return PRESETS[id as PresetId];
  throw invalidSpec(`unknown preset "${id}"; presets: ${Object.keys(PRESETS).join(', ')}`);
}
