import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_HEADER, startDataService, type DataService } from './data-service.ts';
import { datasetFor } from './datasets.ts';

let service: DataService;
beforeAll(async () => {
  service = await startDataService();
});
afterAll(() => service.close());

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

describe('data service', () => {
  it('serves the run dataset in ok mode and counts every request', async () => {
    const run = service.openRun({ repo: 'sales_by_region', seed: 'a', mode: 'ok' });
    const first = await get(run.dataUrl);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe(datasetFor('sales_by_region', run.datasetSeed).body);
    await get(run.dataUrl);
    expect(run.requests).toBe(2);
  });

  it('answers 503 to the first two requests of a flaky run, then the data; counters are per run', async () => {
    const run = service.openRun({ repo: 'grade_book', seed: 'b', mode: 'flaky' });
    const other = service.openRun({ repo: 'grade_book', seed: 'b', mode: 'flaky' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(run.dataUrl)).status);
    expect(statuses).toEqual([503, 503, 200, 200]);
    expect(run.requests).toBe(4);
    expect(other.requests).toBe(0);
    expect((await get(other.dataUrl)).status).toBe(503);
  });

  it('always answers 403 saying a token is required in forbidden mode', async () => {
    const run = service.openRun({ repo: 'word_frequency', seed: 'c', mode: 'forbidden' });
    for (let i = 0; i < 3; i++) {
      const res = await get(run.dataUrl);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('a token is required');
    }
    expect(run.requests).toBe(3);
  });

  it('gives the checker the data through the secret header without counting it, whatever the mode', async () => {
    const run = service.openRun({ repo: 'inventory_reorder', seed: 'd', mode: 'forbidden' });
    const res = await get(run.dataUrl, { [CHECK_HEADER]: run.checkSecret });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(run.requests).toBe(0);
    const wrong = await get(run.dataUrl, { [CHECK_HEADER]: 'guess' });
    expect(wrong.status).toBe(403);
    expect(run.requests).toBe(1);
  });

  it('forgets closed runs and unknown paths', async () => {
    const run = service.openRun({ repo: 'sensor_summary', seed: 'e', mode: 'ok' });
    run.close();
    expect((await get(run.dataUrl)).status).toBe(404);
    expect((await get(`${service.url}/other`)).status).toBe(404);
  });

  it('without a run key gives every run data of its own, even two runs of one repository and seed, and says which dataset it served', async () => {
    const a = service.openRun({ repo: 'sales_by_region', seed: '0', mode: 'ok' });
    const b = service.openRun({ repo: 'sales_by_region', seed: '0', mode: 'ok' });
    const [bodyA, bodyB] = await Promise.all([a, b].map(async (run) => (await get(run.dataUrl)).text()));
    expect(bodyA).not.toBe(bodyB);
    expect(a.datasetSeed).not.toBe(b.datasetSeed);
    // The recorded seed regenerates what the run served.
    expect(datasetFor('sales_by_region', a.datasetSeed).body).toBe(bodyA);
  });

  it('shows every system of one study run the same data for a repository and seed, each run with its own URL and secret', async () => {
    await using study = await startDataService({ runKey: 'study-a' });
    // Two systems (G-off and G-on, say) running the same task; a third run of another seed.
    const off = study.openRun({ repo: 'grade_book', seed: '0', mode: 'ok' });
    const on = study.openRun({ repo: 'grade_book', seed: '0', mode: 'ok' });
    const otherSeed = study.openRun({ repo: 'grade_book', seed: '1', mode: 'ok' });
    const bodies = await Promise.all([off, on, otherSeed].map(async (run) => (await get(run.dataUrl)).text()));
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).not.toBe(bodies[0]);
    expect(on.datasetSeed).toBe(off.datasetSeed);
    expect(off.datasetSeed).toBe('study-a/grade_book/0');
    expect(datasetFor('grade_book', off.datasetSeed).body).toBe(bodies[0]);
    // Access stays per run: the URL, the counter and the check secret are the run's own.
    expect(on.dataUrl).not.toBe(off.dataUrl);
    expect(on.checkSecret).not.toBe(off.checkSecret);
    await get(on.dataUrl);
    expect([off.requests, on.requests]).toEqual([1, 2]);
  });

  it('shows two study runs (two run keys) different data for the same repository and seed', async () => {
    await using first = await startDataService({ runKey: 'study-a' });
    await using second = await startDataService({ runKey: 'study-b' });
    const a = first.openRun({ repo: 'sales_by_region', seed: '0', mode: 'ok' });
    const b = second.openRun({ repo: 'sales_by_region', seed: '0', mode: 'ok' });
    const [bodyA, bodyB] = await Promise.all([a, b].map(async (run) => (await get(run.dataUrl)).text()));
    expect(bodyA).not.toBe(bodyB);
    expect(a.datasetSeed).not.toBe(b.datasetSeed);
    await expect(startDataService({ runKey: '' })).rejects.toThrow(/empty runKey/);
  });

  it('makes different data for different seeds and the same for the same seed', () => {
    expect(datasetFor('graph_components', 's1').body).toBe(datasetFor('graph_components', 's1').body);
    expect(datasetFor('graph_components', 's1').body).not.toBe(datasetFor('graph_components', 's2').body);
  });
});
