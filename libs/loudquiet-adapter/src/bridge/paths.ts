import { fileURLToPath } from 'node:url';

/** The Python bridge, shipped with the library. */
export const BRIDGE_SCRIPT = fileURLToPath(new URL('../../python/loudquiet_bridge.py', import.meta.url));

/** The self-authored fixture environment (spec §12): module directory, class map, suite and its reference states. */
export const FIXTURE_DIR = fileURLToPath(new URL('../../fixtures/', import.meta.url));
export const FIXTURE_CLASS_MAP = `${FIXTURE_DIR}class_map.json`;
export const FIXTURE_SUITE = `${FIXTURE_DIR}task_suite.json`;
export const FIXTURE_REFERENCE = `${FIXTURE_DIR}reference_states.json`;

/** Where a gorilla checkout keeps the multi-turn classes and the class map. */
export const GORILLA_BFCL_DIR = 'berkeley-function-call-leaderboard';
export const GORILLA_CLASS_MAP_FILE = `${GORILLA_BFCL_DIR}/bfcl_eval/constants/executable_backend_config.py`;
export const GORILLA_CLASSES_DIR = `${GORILLA_BFCL_DIR}/bfcl_eval/eval_checker/multi_turn_eval/func_source_code`;
