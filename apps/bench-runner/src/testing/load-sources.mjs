// Loaded by the bin when `#main` resolves to the TypeScript sources (under `--conditions=@recovery-bench/source`,
// as the workspace's tests run the CLI): tsx compiles them on load. Never part of the package.
import { register } from 'tsx/esm/api';

register();
