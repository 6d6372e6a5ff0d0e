import { stringify } from 'yaml';
import { shardName } from '../run/plan.ts';

export interface WorkflowInput {
  /** The config's name (the workflow's name) and how `run` names it: `--config <path from the repository root>` or `--preset <id>`. */
  configName: string;
  configArgs: string;
  /** `run --tier`: only the models of this tier. */
  tier?: string;
  benchmark: string;
  shards: number;
  /** How many shard jobs run at once (default: all). */
  parallelism?: number;
  /** A gate file relative to the repository root: the merge job fails when a gate does. */
  gatesPath?: string;
  /** The runner labels (`ubuntu-latest`, or a self-hosted runner's labels for engines that need a GPU). */
  runsOn: string[];
}

/** The Node version the jobs set up: the workspace needs 20.12 or later, and the coding testbed's agents 22. */
export const WORKFLOW_NODE_VERSION = '22';

const setup = [
  { uses: 'actions/checkout@v4' },
  { uses: 'actions/setup-node@v4', with: { 'node-version': WORKFLOW_NODE_VERSION, cache: 'npm' } },
  { run: 'npm ci' },
];


/**
 * A workflow of a sharded run: one matrix job per shard (each uploads its run directory as its own artifact) and
 * a merge job that downloads them into `shards/shard-<i>-of-<N>/`, merges them in shard order, scores the merged run,
 * writes the report
 * (gated when a gate file is given) and uploads the merged run.
 */
export function githubWorkflow(input: WorkflowInput): Record<string, unknown> {
  const shardList = Array.from({ length: input.shards }, (_, i) => i + 1);
  const runsOn = input.runsOn.length === 1 ? input.runsOn[0] : input.runsOn;
  return {
    name: `recovery-bench ${input.configName}`,
    on: { workflow_dispatch: {} },
    permissions: { contents: 'read' },
    defaults: { run: { shell: 'bash' } },
    jobs: {
      shard: {
        name: `shard \${{ matrix.shard }} of ${input.shards}`,
        'runs-on': runsOn,
        strategy: { 'fail-fast': false, ...(input.parallelism ? { 'max-parallel': input.parallelism } : {}), matrix: { shard: shardList } },
        steps: [
          ...setup,
          { name: 'run the shard', run: `npx recovery-bench run ${input.benchmark} ${input.configArgs}${input.tier ? ` --tier ${input.tier}` : ''} --shard \${{ matrix.shard }}/${input.shards} --out shards/` },
          { uses: 'actions/upload-artifact@v4', with: { name: shardName('${{ matrix.shard }}', input.shards), path: 'shards/', 'if-no-files-found': 'error' } },
        ],
      },
      merge: {
        needs: 'shard',
        'runs-on': runsOn,
        steps: [
          ...setup,
          // Without merge-multiple, each artifact lands in a folder of its own name.
          { uses: 'actions/download-artifact@v4', with: { pattern: shardName('*', input.shards), path: 'shards/' } },
          { name: 'merge the shards', id: 'merge', run: mergeStep(input.shards) },
          { name: 'score', env: { RUN_DIR: '${{ steps.merge.outputs.dir }}' }, run: 'npx recovery-bench score "$RUN_DIR" --no-report' },
          { name: 'report', env: { RUN_DIR: '${{ steps.merge.outputs.dir }}' }, run: `npx recovery-bench report "$RUN_DIR"${input.gatesPath ? ` --gate ${input.gatesPath}` : ''}` },
          { uses: 'actions/upload-artifact@v4', if: "${{ !cancelled() && steps.merge.outcome == 'success' }}", with: { name: 'merged', path: 'merged/' } },
        ],
      },
    },
  };
}

/** Each artifact holds one run directory (the one its shard wrote); merge prints the new one as its last line. */
function mergeStep(shards: number): string {
  return [
    'dirs=()',
    `for i in $(seq 1 ${shards}); do dirs+=(shards/${shardName('"$i"', shards)}/*/); done`,
    'out=$(npx recovery-bench merge "${dirs[@]}" --out merged --no-report)',
    'echo "$out"',
    'echo "dir=$(tail -n 1 <<<"$out")" >> "$GITHUB_OUTPUT"',
  ].join('\n');
}

export function renderWorkflow(workflow: Record<string, unknown>, input: Pick<WorkflowInput, 'configArgs' | 'shards' | 'benchmark'>): string {
  const header = [
    `# recovery-bench in GitHub Actions: ${input.benchmark} with ${input.configArgs} in ${input.shards} shards.`,
    '# Written by `recovery-bench deploy github-actions`; run it from the Actions tab (workflow_dispatch).',
  ].join('\n');
  return `${header}\n${stringify(workflow, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}
