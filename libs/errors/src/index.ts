export { isRecoveryBenchError, RecoveryBenchError, type RecoveryBenchErrorOptions, type RecoveryBenchErrorRecord } from './errors.ts';
