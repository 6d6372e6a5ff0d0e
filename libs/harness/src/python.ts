// `@recovery-bench/harness/python`: the kit for benchmarks whose tools run in a Python program of their own (a
// bridge): a JSON-lines process client and a pool of them. The Python-JSON codec is `@recovery-bench/harness/python-json`.
export { PythonProcessClient, type JsonLinesProtocol, type ProcessFailure, type ProcessReply, type ProcessRequest, type PythonProcessOptions } from './python/process-client.ts';
export { ProcessPool, type PooledProcess, type ProcessPoolOptions } from './python/process-pool.ts';
