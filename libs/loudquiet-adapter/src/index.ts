// The Loud/Quiet adapter's public API.
export {};
export * from './bridge/protocol.ts';
export { BridgeClient, BridgeEnvironment, LoudQuietBridgeError, bridgeEnv, checkLaunch, type BridgeClientOptions } from './bridge/client.ts';
export { fixtureLaunch } from './bridge/fixture-launch.ts';
export { BRIDGE_SCRIPT, FIXTURE_CLASS_MAP, FIXTURE_DIR, FIXTURE_REFERENCE, FIXTURE_SUITE } from './bridge/paths.ts';
export { SuiteFileError } from './suite/errors.ts';
export { loadLoudQuietData, loadReferenceStates, loadTaskSuite, type LoudQuietData, type LoudQuietTask, type ReferenceEntry, type ReferenceStates, type TaskSuite } from './suite/loader.ts';
export { checkPinned, LOUDQUIET_ENV, LOUDQUIET_PINS, PINNED_FILES, REFERENCE_IN_CHECKOUT, resolveSuiteSource, SUITE_IN_CHECKOUT, TRAJECTORIES_IN_CHECKOUT, type SuiteSource } from './suite/source.ts';
export { checkGorillaCommit, firstDifference, verifyReferenceRebuild } from './bridge/verify.ts';
export { replayRecord, type ReplayResult } from './bridge/replay.ts';
