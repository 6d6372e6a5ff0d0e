// Preloaded into a measured `recovery-bench` process (NODE_OPTIONS=--import): writes its peak resident set size,
// in kilobytes, to the file named by RSS_PROBE_OUT when it exits.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.RSS_PROBE_OUT) writeFileSync(process.env.RSS_PROBE_OUT, String(process.resourceUsage().maxRSS));
});
