// `@recovery-bench/harness/python-json`: JSON as Python's `json` module reads and writes it. A light entry point (no
// process code), for modules that only read or print Python's JSON.
export { PyFloat, PyNumber, pythonFloatRepr } from './python/py-number.ts';
export { parsePlainJson, parsePythonJson, PythonJsonError, type PyDict, type PyValue } from './python/json-parse.ts';
export { compareCodePoints, dumpsPython, type PythonDumpsOptions } from './python/json-dumps.ts';
