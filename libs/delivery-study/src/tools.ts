import type { ToolSpec } from '@recovery-bench/harness';

/**
 * The six read-only tools of the study (flight status, orders, parcels, books, rooms, menus), each with its JSON
 * schema, the argument a scenario gets wrong, how a user asks, and what the tool answers once it works. Every
 * value is fictional and written here.
 */
export interface StudyTool {
  name: string;
  description: string;
  /** The argument the failed call carries and a fixable error corrects. */
  key: string;
  /** What the error texts call the service behind the tool. */
  service: string;
  /** What the argument is, in an error text. */
  noun: string;
  properties: Record<string, { type: string; description: string }>;
  /** The scenario's correct value and the value the failed call sent (a slip a user could make). */
  values(draw: (n: number) => number): { good: string; bad: string; extra: Record<string, string> };
  ask(value: string, extra: Record<string, string>): string;
  /** The tool's answer for a working call; it holds the key the final answer must repeat. */
  result(good: string, key: string): string;
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const letter = (draw: (n: number) => number) => LETTERS[draw(LETTERS.length)]!;
/** Four digits from 1000 to 9999: never a status code such as 403 or 503 standing alone. */
const digits4 = (draw: (n: number) => number) => String(1000 + draw(9000));
const DAYS = ['2027-03-04', '2027-03-11', '2027-04-02', '2027-04-19', '2027-05-07', '2027-05-23'];
const STREETS = ['Quillon Lane', 'Harrowgate Row', 'Mirefield Street', 'Tamsin Walk', 'Orrel Square', 'Vesk Road'];
const TITLES = ['The Salt Orchard', 'A Lantern for Ilse', 'Nine Quiet Harbours', 'The Copper Meridian', 'Letters to Varnholm', 'Under the Glass Hill'];
const PLACES = ['Brasserie Olvane', 'Kettle & Fennel', 'Trattoria Senne', 'The Pewter Gull', 'Cafe Morrow', 'Noodle House Aril'];

export const STUDY_TOOLS: readonly StudyTool[] = [
  {
    name: 'get_flight_status', description: 'Look up the status of a scheduled flight on a given day.', key: 'flight_number', service: 'the flight information service', noun: 'flight number',
    properties: { flight_number: { type: 'string', description: 'Carrier code, a hyphen and the number, e.g. QX-1234.' }, date: { type: 'string', description: 'Day of departure, YYYY-MM-DD.' } },
    values: (draw) => { const code = `${letter(draw)}${letter(draw)}`; const n = digits4(draw); return { good: `${code}-${n}`, bad: `${code.toLowerCase()}${n}`, extra: { date: DAYS[draw(DAYS.length)]! } }; },
    ask: (v, extra) => `Is flight ${v} on ${extra.date} on time?`,
    result: (good, key) => JSON.stringify({ flight_number: good, status: 'on time', gate: 'B7', reference: key }),
  },
  {
    name: 'get_order', description: 'Look up an order of the shop by its id.', key: 'order_id', service: 'the order service', noun: 'order id',
    properties: { order_id: { type: 'string', description: 'The order id, ORD- and digits.' } },
    values: (draw) => { const n = digits4(draw); return { good: `ORD-${n}`, bad: n, extra: {} }; },
    ask: (v) => `Where is my order ${v}?`,
    result: (good, key) => JSON.stringify({ order_id: good, state: 'packed', ships: 'tomorrow', reference: key }),
  },
  {
    name: 'track_parcel', description: 'Track a parcel by its tracking code.', key: 'tracking_code', service: 'the parcel tracker', noun: 'tracking code',
    properties: { tracking_code: { type: 'string', description: 'The code on the label, upper case.' } },
    values: (draw) => { const code = `P${letter(draw)}${digits4(draw)}${letter(draw)}${letter(draw)}`; return { good: code, bad: code.toLowerCase(), extra: {} }; },
    ask: (v) => `Can you track parcel ${v} for me?`,
    result: (good, key) => JSON.stringify({ tracking_code: good, where: `depot at ${STREETS[good.length % STREETS.length]}`, reference: key }),
  },
  {
    name: 'find_book', description: 'Find a book in the library catalogue by ISBN.', key: 'isbn', service: 'the library catalogue', noun: 'ISBN',
    properties: { isbn: { type: 'string', description: 'ISBN-13 with hyphens.' } },
    values: (draw) => { const a = digits4(draw); const b = digits4(draw); return { good: `978-1-${a}-${b}-7`, bad: `9781${a}${b}7`, extra: {} }; },
    ask: (v) => `Does the library have the book with ISBN ${v}?`,
    result: (good, key) => JSON.stringify({ isbn: good, title: TITLES[good.length % TITLES.length], copies: 2, shelf: 'F-12', reference: key }),
  },
  {
    name: 'check_room', description: 'Check whether a meeting room is free on a given day.', key: 'room', service: 'the room booking system', noun: 'room name',
    properties: { room: { type: 'string', description: 'Building letter, a hyphen and the room number.' }, date: { type: 'string', description: 'The day, YYYY-MM-DD.' } },
    values: (draw) => { const b = letter(draw); const n = digits4(draw); return { good: `${b}-${n}`, bad: `${b}${n}`, extra: { date: DAYS[draw(DAYS.length)]! } }; },
    ask: (v, extra) => `Is room ${v} free on ${extra.date}?`,
    result: (good, key) => JSON.stringify({ room: good, free: true, seats: 8, reference: key }),
  },
  {
    name: 'get_menu', description: "Get today's menu of a restaurant.", key: 'restaurant', service: 'the menu service', noun: 'restaurant name',
    properties: { restaurant: { type: 'string', description: 'The restaurant name as listed.' } },
    values: (draw) => { const name = PLACES[draw(PLACES.length)]!; const branch = `${name} ${digits4(draw)}`; return { good: branch, bad: branch.toLowerCase(), extra: {} }; },
    ask: (v) => `What is on the menu at ${v} today?`,
    result: (good, key) => JSON.stringify({ restaurant: good, dishes: ['barley soup', 'baked trout', 'plum tart'], reference: key }),
  },
];

const METERS = ['water', 'gas', 'heat', 'power'];
const COURSES = ['HIST-204', 'CHEM-110', 'MATH-231', 'LING-305', 'ECON-118', 'BIOL-242'];
const STOPS = ['Alder Cross', 'Fenwick Quay', 'Morrow Gate', 'Ilsey Park', 'Tarn Bridge', 'Oxley Yard'];

/**
 * Study 2's six tools (appendix C.2: fresh scenarios on six tools other than Study 1's): a meter reading, a grade, an
 * approval, departures, a locker and a parking permit, read-only and fictional like Study 1's.
 */
export const STUDY2_TOOLS: readonly StudyTool[] = [
  {
    name: 'read_meter', description: 'Read the latest value of a utility meter.', key: 'meter_id', service: 'the metering service', noun: 'meter id',
    properties: { meter_id: { type: 'string', description: 'MTR-, then five digits.' }, utility: { type: 'string', description: 'water, gas, heat or power.' } },
    values: (draw) => { const n = `${digits4(draw)}${draw(10)}`; return { good: `MTR-${n}`, bad: `mtr${n}`, extra: { utility: METERS[draw(METERS.length)]! } }; },
    ask: (v, extra) => `What does the ${extra.utility} meter ${v} read now?`,
    result: (good, key) => JSON.stringify({ meter_id: good, reading: 4182.6, unit: 'units', read_at: '2027-03-04T07:15:00Z', reference: key }),
  },
  {
    name: 'get_grade', description: "Look up a student's grade in a course.", key: 'student_id', service: 'the grade registry', noun: 'student number',
    properties: { student_id: { type: 'string', description: 'STU- and digits.' }, course: { type: 'string', description: 'The course code, e.g. HIST-204.' } },
    values: (draw) => { const n = digits4(draw); return { good: `STU-${n}`, bad: `#${n}`, extra: { course: COURSES[draw(COURSES.length)]! } }; },
    ask: (v, extra) => `What grade did student ${v} get in ${extra.course}?`,
    result: (good, key) => JSON.stringify({ student_id: good, grade: 'B+', credits: 6, reference: key }),
  },
  {
    name: 'check_approval', description: 'Check whether an expense or leave request has been approved.', key: 'request_id', service: 'the approvals workflow', noun: 'request number',
    properties: { request_id: { type: 'string', description: 'REQ-, the year, a hyphen and four digits.' } },
    values: (draw) => { const n = digits4(draw); return { good: `REQ-2027-${n}`, bad: `REQ2027${n}`, extra: {} }; },
    ask: (v) => `Has request ${v} been approved yet?`,
    result: (good, key) => JSON.stringify({ request_id: good, approved: true, approver: 'finance desk', reference: key }),
  },
  {
    name: 'next_departures', description: 'List the next departures from a stop.', key: 'stop', service: 'the timetable service', noun: 'stop name',
    properties: { stop: { type: 'string', description: 'The stop name as signed, with its platform letter.' } },
    values: (draw) => { const name = STOPS[draw(STOPS.length)]!; const stop = `${name} ${letter(draw)}`; return { good: stop, bad: stop.toLowerCase(), extra: {} }; },
    ask: (v) => `When do the next buses leave from ${v}?`,
    result: (good, key) => JSON.stringify({ stop: good, departures: ['08:12 line 4', '08:19 line 11', '08:31 line 4'], reference: key }),
  },
  {
    name: 'get_locker', description: 'Look up who holds a locker and until when.', key: 'locker', service: 'the locker register', noun: 'locker number',
    properties: { locker: { type: 'string', description: 'Floor, a hyphen and the locker number, e.g. 3-0412.' } },
    values: (draw) => { const f = 1 + draw(5); const n = digits4(draw); return { good: `${f}-${n}`, bad: `${f}${n}`, extra: {} }; },
    ask: (v) => `Is locker ${v} taken?`,
    result: (good, key) => JSON.stringify({ locker: good, held_until: '2027-06-30', reference: key }),
  },
  {
    name: 'get_permit', description: 'Check the parking permit of a vehicle by its plate.', key: 'plate', service: 'the parking permit office', noun: 'number plate',
    properties: { plate: { type: 'string', description: 'The plate in upper case with its hyphens.' } },
    values: (draw) => { const plate = `${letter(draw)}${letter(draw)}-${digits4(draw)}-${letter(draw)}`; return { good: plate, bad: plate.replaceAll('-', ' ').toLowerCase(), extra: {} }; },
    ask: (v) => `Does the car ${v} have a valid parking permit?`,
    result: (good, key) => JSON.stringify({ plate: good, permit: 'zone C', valid_until: '2027-12-31', reference: key }),
  },
];

/** Which stimuli a study runs: Study 1's scenarios on its six tools, or Study 2's fresh ones on six others. */
export const STIMULUS_SETS = ['study1', 'study2'] as const;
export type StimulusSet = (typeof STIMULUS_SETS)[number];

export function toolsOf(set: StimulusSet | 'real'): readonly StudyTool[] {
  return set === 'study2' ? STUDY2_TOOLS : set === 'real' ? [] : STUDY_TOOLS;
}

const specsOf = (tools: readonly StudyTool[]): readonly ToolSpec[] => tools.map((t) => ({
  type: 'function',
  function: { name: t.name, description: t.description, parameters: { type: 'object', properties: t.properties, required: Object.keys(t.properties) } },
}));

const SPECS: Readonly<Record<StimulusSet | 'real', readonly ToolSpec[]>> = { study1: specsOf(STUDY_TOOLS), study2: specsOf(STUDY2_TOOLS), real: [] };

/** The tool definitions every conversation of a set carries, in the same order (a real item carries its agent's). */
export function toolSpecs(set: StimulusSet | 'real'): readonly ToolSpec[] {
  return SPECS[set];
}

/** Study 1's tool definitions. */
export const TOOL_SPECS: readonly ToolSpec[] = SPECS.study1;

/** Every study tool of both sets (their names are distinct). */
export const ALL_STUDY_TOOLS: readonly StudyTool[] = [...STUDY_TOOLS, ...STUDY2_TOOLS];

export function studyTool(name: string): StudyTool | undefined {
  return ALL_STUDY_TOOLS.find((t) => t.name === name);
}
