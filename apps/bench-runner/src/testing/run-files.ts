import { readRunLog } from '@recovery-bench/harness';
import { runFile, SAMPLE_FORMATS, SCORE_FORMATS, type SampleRecord, type ScoreRecord } from '../run/run-dir.ts';

/** A run directory's samples, whole (tests read small runs). */
export const readSamples = (dir: string): SampleRecord[] => readRunLog<SampleRecord>(runFile(dir, 'samples.jsonl'), SAMPLE_FORMATS).records;

/** A run directory's score records, whole. */
export const readScores = (dir: string): ScoreRecord[] => readRunLog<ScoreRecord>(runFile(dir, 'scores.jsonl'), SCORE_FORMATS).records;
