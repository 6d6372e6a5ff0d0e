export { STIMULUS_SETS, STUDY_TOOLS, STUDY2_TOOLS, TOOL_SPECS, studyTool, toolSpecs, toolsOf, type StimulusSet, type StudyTool } from './tools.ts';
export { generateStimuli, allTexts, KINDS, DEFAULT_STIMULUS_SEED, SCENARIOS_PER_TOOL, VARIANTS_PER_KIND, type Stimulus, type StudyKind } from './stimuli.ts';
export { DELIVERY_FORMS, PAPER_NAME, SITUATION_NAME, isDeliveryForm, clientConversation, deliver, stimulusConversation, type DeliveryForm } from './forms.ts';
export { readAction, judgeAction, sameTool, sameArguments, type NextAction, type ReadCall, type ActionVerdict } from './action.ts';
export { runEpisode, simulateTool, EPISODE_TURNS, type EpisodeInput, type SimulatedResult } from './episode.ts';
export { decisionScorer, episodeScorer, DECISION_SCORER, EPISODE_SCORER, type DeliveryTask } from './scorers.ts';
export { writeStimuli, checkStimuli, stimuliFiles, stimuliTexts, simScripts, SIM_SCRIPTS_DIR, STIMULI_FORMAT, MANIFEST_FORMAT, type StimuliManifest, type StimulusLine } from './files.ts';
export { DeliveryConfigSchema, DELIVERY_VERSION, type DeliveryConfig } from './config.ts';
export { deliveryEntry } from './entry.ts';
export { deliveryTasks, deliveryBenchmark, prepareDelivery } from './benchmark.ts';
export { approximateTokenizer, approximateTokens, httpTokenizer, approximateCostPerForm, recomputedTokens, costPerForm, type Tokenizer } from './cost.ts';
export { deliveryBenchmarkReport, deliveryReport, deliveryRows, deliverySections, type DeliveryReport, type DeliveryTier } from './report.ts';
export { DELIVERY_PRESETS } from './presets.ts';
export { planScenarios, shiftRates, type PlanInput, type PlanResult, type PowerPoint, type KindRates } from './plan.ts';
export { checkTable3, renderTable3Check, table3Column, PAPER_TABLE3, TABLE3_ROWS, type PaperTable3Cell, type Table3Cell } from './table3-check.ts';
export { failurePoints, realStimuli, REAL_AGENT, type FailurePoint } from './real-histories.ts';
export {
  delivery, formatSigned, type AnalysisOptions, type Cell, type DecisionRow, type DeliveryAnalysis, type EpisodeRow, type Interval, type PairTest, type RealRow, type Recommendation, type StudyAnalysis, type Verdict,
} from './analysis.ts';
export { STUDY_KINDS } from './design.ts';
