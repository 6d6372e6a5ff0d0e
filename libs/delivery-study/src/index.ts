export { STUDY_TOOLS, TOOL_SPECS, studyTool, type StudyTool } from './tools.ts';
export { generateStimuli, allTexts, KINDS, DEFAULT_STIMULUS_SEED, SCENARIOS_PER_TOOL, VARIANTS_PER_KIND, type Stimulus, type StudyKind } from './stimuli.ts';
export { DELIVERY_FORMS, PAPER_NAME, isDeliveryForm, clientConversation, deliver, stimulusConversation, type DeliveryForm } from './forms.ts';
export { readAction, judgeAction, sameTool, sameArguments, type NextAction, type ReadCall, type ActionVerdict } from './action.ts';
export { runEpisode, simulateTool, EPISODE_TURNS, type EpisodeInput, type SimulatedResult } from './episode.ts';
export { decisionScorer, episodeScorer, DECISION_SCORER, EPISODE_SCORER, type DeliveryTask } from './scorers.ts';
export { writeStimuli, checkStimuli, stimuliTexts, simScripts, SIM_SCRIPTS_DIR, STIMULI_FORMAT, MANIFEST_FORMAT, type StimuliManifest, type StimulusLine } from './files.ts';
export { deliveryEntry, DeliveryConfigSchema, DELIVERY_VERSION, type DeliveryConfig } from './entry.ts';
export { deliveryTasks, deliveryBenchmark, prepareDelivery } from './benchmark.ts';
