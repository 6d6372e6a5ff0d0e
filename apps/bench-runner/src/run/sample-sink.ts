import { RunLogWriter, type BenchmarkEntry, type PreparedBenchmark, type TaskRef } from '@recovery-bench/harness';
import type { Progress } from './progress.ts';
import { runFile, type SampleRecord, type ScoreRecord } from './run-dir.ts';
import { scoreMissing, scoreSample, scoringOf, type Scoring } from './score.ts';

/**
 * Where a run's finished samples go: each is scored, then it and its score are appended to samples.jsonl and
 * scores.jsonl together (flushed per line), and the progress line learns its primary outcome.
 */
export class SampleSink {
  private readonly samples: RunLogWriter<SampleRecord>;
  private readonly scores: RunLogWriter<ScoreRecord>;
  private readonly scoring: Scoring;
  recorded = 0;

  constructor(private readonly dir: string, prepared: PreparedBenchmark<TaskRef>, private readonly entry: BenchmarkEntry, private readonly progress: Progress) {
    // Opened for resuming either way: a trailing half-written line of a killed run is cut first.
    this.samples = new RunLogWriter<SampleRecord>(runFile(dir, 'samples.jsonl'), { resume: true });
    this.scores = new RunLogWriter<ScoreRecord>(runFile(dir, 'scores.jsonl'), { resume: true });
    this.scoring = scoringOf(prepared);
  }

  async add(record: SampleRecord): Promise<void> {
    const score = await scoreSample(this.scoring, record);
    // The two lines are written together; a run killed between them is scored on resume (`scoreMissing`).
    this.samples.append(record);
    this.scores.append(score);
    this.recorded++;
    const outcome = score.error ? 'error' : (score.scores[this.entry.score.scorer]?.outcome ?? 'error');
    this.progress.sample(outcome, engineErrors(record));
  }

  /** Scores recorded samples that have no score yet; returns how many. */
  scoreMissing(): Promise<number> {
    return scoreMissing(this.dir, this.scoring, this.scores);
  }

  close(): void {
    this.samples.close();
    this.scores.close();
  }
}

function engineErrors(record: SampleRecord): number {
  return record.transcript?.events.filter((e) => e.type === 'error').length ?? (record.error ? 1 : 0);
}
