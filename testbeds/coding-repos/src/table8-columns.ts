import type { ReportOptions } from './report-types.ts';
import { layerSystem } from './report-measures.ts';

type System = ReportOptions['systems'][number];

/** A system the layer's system is compared with, and the label of its column (`vs. <label>`). */
export interface Table8Column {
  id: string;
  label: string;
}

/** The systems of the paper's table 8, found by their roles in the run's config. */
export interface Table8Roles {
  /** The layer's system (the paper's G-on). */
  on: System;
  /** The same engine with the layer off (G-off); it opens the columns when there is one. */
  off: System | undefined;
  /** G-off, then every other system with the layer off (the other engines: L, V, S), in config order. */
  columns: Table8Column[];
}

/**
 * Roles, not ids: the layer's system is the one with the engine's own layer (engine-c3), else ours (proxy-c3); G-off
 * is an uncapped system with the layer off on the same engine; every other system with the layer off is an engine
 * to compare with (client alternatives such as e1 and e2 and other forms of the layer are not part of the table).
 * Columns are labelled by the config's system ids; a system whose proxy caps the output (`maxTokensCap`) is labelled
 * after the uncapped system of its engine with the cap, and that system as the main run: the paper's
 * "S (main)" and "S (8,192)".
 */
export function table8Roles(systems: ReportOptions['systems']): Table8Roles | undefined {
  const on = layerSystem(systems);
  if (!on) return undefined;
  const offArm = systems.filter((s) => s.arm === 'off');
  const off = offArm.find((s) => s.engine === on.engine && s.maxTokensCap === undefined);
  const ordered = off ? [off, ...offArm.filter((s) => s !== off)] : offArm;
  return { on, off, columns: ordered.map((s) => ({ id: s.id, label: columnLabel(s, offArm) })) };
}

function columnLabel(system: System, offArm: readonly System[]): string {
  const siblings = offArm.filter((s) => s !== system && s.engine === system.engine);
  if (system.maxTokensCap !== undefined) {
    const main = siblings.find((s) => s.maxTokensCap === undefined);
    return `${main?.id ?? system.id} (${system.maxTokensCap.toLocaleString('en-US')})`;
  }
  return siblings.some((s) => s.maxTokensCap !== undefined) ? `${system.id} (main)` : system.id;
}
