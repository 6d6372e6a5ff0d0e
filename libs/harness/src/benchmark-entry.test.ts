import { describe, expect, it } from 'vitest';
import { selectTasks } from './benchmark-entry.ts';

const tasks = ['A_P0', 'A_P1', 'B_P0', 'B_P1', 'C_P0'].map((id) => ({ id, condition: id.slice(2), unit: id.slice(0, 1) }));
const ids = (picked: { id: string }[]) => picked.map((t) => t.id);

describe('selectTasks', () => {
  it('names tasks by id or by unit', () => {
    expect(ids(selectTasks(tasks, { ids: ['B'] }))).toEqual(['B_P0', 'B_P1']);
    expect(ids(selectTasks(tasks, { ids: ['A_P1', 'C'] }))).toEqual(['A_P1', 'C_P0']);
    expect(ids(selectTasks(tasks, {}))).toEqual(ids(tasks));
  });

  it('counts units, not tasks, for a limit, after the ids', () => {
    expect(ids(selectTasks(tasks, { limit: 2 }))).toEqual(['A_P0', 'A_P1', 'B_P0', 'B_P1']);
    expect(ids(selectTasks(tasks, { ids: ['B', 'C'], limit: 1 }))).toEqual(['B_P0', 'B_P1']);
    expect(ids(selectTasks([{ id: 'x', condition: 'c' }, { id: 'y', condition: 'c' }], { limit: 1 }))).toEqual(['x']);
  });
});
