import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { RepoId } from './datasets.ts';
import { CodingError } from './errors.ts';
import { SOLUTIONS_DIR } from './paths.ts';

/** A repository's path for the sim's scripted policy: shell commands run in the copy, then the final message. */
export const SolutionSchema = z.strictObject({
  repo: z.string(),
  steps: z.array(z.string().min(1)).min(1),
  answer: z.string().min(1),
});
export type Solution = z.infer<typeof SolutionSchema>;

export async function loadSolution(repo: RepoId): Promise<Solution> {
  const path = join(SOLUTIONS_DIR, `${repo}.yaml`);
  const parsed = SolutionSchema.safeParse(parseYaml(await readFile(path, 'utf8')));
  if (!parsed.success || parsed.data.repo !== repo) throw new CodingError('coding:bad-solution', `${path}: not a solution for ${repo}${parsed.success ? '' : `: ${z.prettifyError(parsed.error)}`}`);
  return parsed.data;
}
