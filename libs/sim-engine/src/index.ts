// The sim engine's public API: start it, and the data it is configured with (profiles, scripts, quirks).
// How it decides (perceive, decide, fix) stays internal; its tests import those modules by path.
export { startSimEngine, type SimEngine, type SimEngineOptions } from './server.ts';
export { SIM_PROFILES, SIM_PROFILE_IDS, SimProfileSchema, resolveProfile, type SimProfile, type SimProfileInput, type SimProfileId } from './profiles.ts';
export { ScriptRegistry, SimScriptSchema, type SimScript, type SimScriptInput } from './scripts.ts';
export { SimQuirksSchema, parseQuirks, type SimQuirks, type SimQuirksInput } from './quirks.ts';
export { SIM_DIALECTS, SimDialectSchema, type SimDialect } from './dialect.ts';
export { SimConfigError, type SimErrorCode } from './errors.ts';
export { IMITATED_ENGINES, SimEngineBehaviourSchema, engineBehaviour, imitationOf, type ImitatedEngine, type ImitationOptions, type SimEngineBehaviour } from './imitation.ts';
