// The validation and parsing of a tool's arguments and data: zod schemas of tool arguments in the forms tools
// report their issues (message, prettifyError, flattenError, issue lists), and Node's own parsers (zlib, URL,
// Buffer). The truth of each case is stated with it (../../LABELLING.md).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { add, addThrown, thrown, ZOD_VERSION } from './common.mjs';

export async function runtime() {
  const cases = [
    ['node-zlib', 'incorrect-header-check', () => gunzipSync(Buffer.from('<html><body>moved</body></html>')), 'ambiguous', 'the data the tool read is not gzip', 'zlib.gunzipSync of an HTML body'],
    ['node-url', 'invalid-url', () => new URL('/v1/items'), 'ambiguous', 'says a URL is invalid but neither quotes it nor names the argument', "new URL('/v1/items')"],
    ['node-buffer', 'alloc-out-of-range', () => Buffer.alloc(-1), 'fixable', 'names size and the range it must be in', 'Buffer.alloc(-1)'],
    ['node-buffer', 'unknown-encoding', () => readFileSync('/etc/hostname', 'utf-9'), 'fixable', 'names the encoding argument and the value it received', "readFileSync('/etc/hostname', 'utf-9')"],
  ];
  for (const [source, ...kase] of cases) await addThrown(source, [kase]);
}

export const REPORT_ARGS = z.object({ team: z.string().min(1), from: z.iso.date(), limit: z.number().int().max(100), format: z.enum(['csv', 'json']) }).strict();

export async function zodArgs() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  const typeError = await thrown(() => REPORT_ARGS.parse({ team: 'data', from: '2026-03-01', limit: '50', format: 'csv' }));
  add(source, 'wrong-type', 'message', typeError.message, 'fixable', 'names limit and the type it must be', `${how}: ZodError message`);
  add(source, 'wrong-type', 'pretty', z.prettifyError(typeError), 'fixable', 'names limit and the type it must be', `${how}: z.prettifyError`);
  add(source, 'wrong-type', 'invalid-arguments', String(new Error(`Invalid arguments for tool export_report: ${z.prettifyError(typeError)}`)), 'fixable', 'names limit and the type it must be', `${how}: String(new Error(\`Invalid arguments for tool export_report: \${z.prettifyError(e)}\`))`);
  const keyError = await thrown(() => REPORT_ARGS.parse({ team: 'data', from: 'March 1', limit: 50, format: 'xlsx', colour: 'blue' }));
  add(source, 'unrecognized-key-and-enum', 'message', keyError.message, 'fixable', 'names the unrecognized key colour, from as a date and format with its options', `${how}: ZodError message`);
  add(source, 'unrecognized-key-and-enum', 'pretty', z.prettifyError(keyError), 'fixable', 'names the unrecognized key colour, from as a date and format with its options', `${how}: z.prettifyError`);
}

const CREATE_ISSUE_ARGS = z.object({ repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/), title: z.string().min(1), body: z.string().optional(), labels: z.array(z.string()).max(10).optional() });
const COMMIT_ARGS = z.object({ message: z.string().max(72), files: z.array(z.string()).min(1) });

export async function zodMissingAndTooLongArgs() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  const missing = await thrown(() => CREATE_ISSUE_ARGS.parse({ repo: 'acme/api', body: 'Checkout fails with 502 since deploy 512.' }));
  add(source, 'missing-required', 'message', missing.message, 'fixable', 'names title as required (a string)', `${how}: ZodError message`);
  add(source, 'missing-required', 'pretty', z.prettifyError(missing), 'fixable', 'names title as required (a string)', `${how}: z.prettifyError`);
  const sizes = await thrown(() => COMMIT_ARGS.parse({ message: 'fix: retry the upload when the storage API answers 503 and log the request id of every failed attempt', files: [] }));
  add(source, 'too-long-and-empty', 'message', sizes.message, 'fixable', 'names message with its maximum length and files with its minimum size', `${how}: ZodError message`);
  add(source, 'too-long-and-empty', 'pretty', z.prettifyError(sizes), 'fixable', 'names message with its maximum length and files with its minimum size', `${how}: z.prettifyError`);
}

const MOVE_FILES_ARGS = z.discriminatedUnion('action', [
  z.object({ action: z.literal('move'), from: z.string(), to: z.string() }),
  z.object({ action: z.literal('delete'), paths: z.array(z.string()).min(1) }),
]);
const INVITE_ARGS = z.object({ workspace_id: z.uuid(), email: z.email(), role: z.enum(['member', 'admin', 'viewer']) });
const BOOKING_ARGS = z.object({ room: z.string(), check_in: z.iso.date(), check_out: z.iso.date() }).refine((a) => a.check_out > a.check_in, { message: 'check_out must be after check_in', path: ['check_out'] });

export async function zodUnionsFormatsAndRefinements() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  for (const [kase, schema, args, reason] of [
    ['discriminator', MOVE_FILES_ARGS, { action: 'copy', from: 'a.txt', to: 'b.txt' }, "names action and its options 'move' | 'delete'"],
    ['uuid-email-enum', INVITE_ARGS, { workspace_id: 'acme-prod', email: 'dana at example.com', role: 'owner' }, 'names workspace_id as a UUID, email as an email and role with its options'],
    ['refine-dates', BOOKING_ARGS, { room: '204', check_in: '2026-05-12', check_out: '2026-05-10' }, 'names check_out and that it must be after check_in'],
  ]) {
    const e = await thrown(() => schema.parse(args));
    add(source, kase, 'message', e.message, 'fixable', reason, `${how}: ZodError message`);
    add(source, kase, 'pretty', z.prettifyError(e), 'fixable', reason, `${how}: z.prettifyError`);
  }
}

const RESIZE_ARGS = z.object({ path: z.string(), width: z.number().int().positive().max(4096), height: z.number().int().positive().max(4096), format: z.enum(['png', 'jpeg', 'webp']).default('png') });
const UPDATE_ROWS_ARGS = z.object({ table: z.string(), rows: z.array(z.object({ id: z.number().int(), fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])) })).min(1).max(500) });

export async function zodRangesAndNestedItems() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  for (const [kase, schema, args, reason] of [
    ['int-range-enum', RESIZE_ARGS, { path: 'uploads/banner.jpg', width: 0, height: 720.5, format: 'gif' }, 'names width with its minimum, height as an integer and format with its options'],
    ['nested-array-item', UPDATE_ROWS_ARGS, { table: 'customers', rows: [{ id: 17, fields: { plan: 'pro' } }, { id: '18', fields: { plan: 'team', seats: true } }] }, 'names rows[1].id as a number and rows[1].fields.seats with the types it may be'],
  ]) {
    const e = await thrown(() => schema.parse(args));
    add(source, kase, 'message', e.message, 'fixable', reason, `${how}: ZodError message`);
    add(source, kase, 'pretty', z.prettifyError(e), 'fixable', reason, `${how}: z.prettifyError`);
  }
}

const WEBHOOK_ARGS = z.object({ url: z.url({ protocol: /^https$/ }), events: z.array(z.enum(['push', 'pull_request', 'release'])).min(1), secret: z.string().min(16) });

export async function zodUrlsEnumsAndLengths() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  const e = await thrown(() => WEBHOOK_ARGS.parse({ url: 'http://hooks.example.com/ci', events: ['push', 'tag'], secret: 'hunter2' }));
  const reason = 'names url as an invalid URL, events[1] with its options and secret with its minimum length';
  add(source, 'url-enum-min-length', 'message', e.message, 'fixable', reason, `${how}: ZodError message`);
  add(source, 'url-enum-min-length', 'pretty', z.prettifyError(e), 'fixable', reason, `${how}: z.prettifyError`);
}

const SEARCH_FLIGHTS_ARGS = z.object({ from: z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter IATA airport code'), to: z.string().regex(/^[A-Z]{3}$/, 'must be a 3-letter IATA airport code'), depart: z.iso.date(), passengers: z.number().int().min(1).max(9) });

export async function zodFlattenedErrors() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} safeParse() of tool arguments`;
  const { error } = SEARCH_FLIGHTS_ARGS.safeParse({ from: 'Berlin', to: 'LIS', depart: 'next friday', passengers: 0 });
  const reason = 'names from as a 3-letter airport code, depart as a date and passengers with its minimum';
  add(source, 'r8-flatten-error', 'flatten', JSON.stringify(z.flattenError(error)), 'fixable', reason, `${how}: JSON.stringify(z.flattenError(error))`);
  add(source, 'r8-flatten-error', 'issues', `Invalid arguments: ${error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, 'fixable', reason, `${how}: \`Invalid arguments: \${issues.map(path: message).join('; ')}\``);
}

const SEND_EMAIL_ARGS = z.object({ to: z.array(z.email()).min(1), subject: z.string().min(1).max(78), body: z.string(), send_at: z.iso.datetime({ offset: true }).optional() });
const DB_CONNECT_ARGS = z.object({ host: z.string(), port: z.coerce.number().int().min(1).max(65535), database: z.string().min(1) });

export async function zodIssueListsAndCoercion() {
  const source = 'node-zod';
  const { error } = SEND_EMAIL_ARGS.safeParse({ to: [], subject: 'Quarterly numbers: revenue, churn, NPS, support backlog and hiring plan for Q4', body: 'See attached.', send_at: '2026-09-01 09:00' });
  add(source, 'r9-issues-json', 'issues', JSON.stringify(error.issues, null, 2), 'fixable', 'names to with its minimum size, subject with its maximum length and send_at as an ISO datetime', `zod ${ZOD_VERSION} safeParse() of tool arguments: JSON.stringify(error.issues, null, 2)`);
  const e = await thrown(() => DB_CONNECT_ARGS.parse({ host: 'db.internal', port: 'five-four-three-two', database: 'orders' }));
  add(source, 'r9-coerce-nan', 'string', String(e), 'fixable', 'names port and that it must be a number', `zod ${ZOD_VERSION} parse() of tool arguments with z.coerce.number(): String(err)`);
}

const CREATE_PR_ARGS = z.object({ repo: z.string().regex(/^[\w.-]+\/[\w.-]+$/), title: z.string().min(1), head: z.string(), base: z.string(), draft: z.boolean().optional() });

export async function zodPullRequestArgs() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  const e = await thrown(() => CREATE_PR_ARGS.parse({ repo: 'acme/web', title: '', head: 'feature/login-page' }));
  const reason = 'names title with its minimum length and the missing base as a string';
  add(source, 'r10-create-pr-args', 'message', e.message, 'fixable', reason, `${how}: ZodError message`);
  add(source, 'r10-create-pr-args', 'pretty', z.prettifyError(e), 'fixable', reason, `${how}: z.prettifyError`);
}

const SEND_MESSAGE_ARGS = z.object({ channel: z.string().regex(/^C[A-Z0-9]{8,}$/, 'must be a Slack channel ID like C0123ABCD'), text: z.string().min(1).max(40000), thread_ts: z.string().optional(), unfurl_links: z.boolean().optional() });

export async function zodSlackMessageArgs() {
  const source = 'node-zod';
  const how = `zod ${ZOD_VERSION} parse() of tool arguments`;
  const send = await thrown(() => SEND_MESSAGE_ARGS.parse({ channel: '#deploys', unfurl_links: 'false' }));
  const sendReason = 'names channel with the ID format it must have, the missing text as a string and unfurl_links as a boolean';
  add(source, 'r11-send-message-args', 'message', send.message, 'fixable', sendReason, `${how}: ZodError message`);
  add(source, 'r11-send-message-args', 'pretty', z.prettifyError(send), 'fixable', sendReason, `${how}: z.prettifyError`);
}
