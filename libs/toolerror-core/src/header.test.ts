import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHeader, HEADER_NAME, HeaderParseError, parseHeader, type HeaderFailure, type ToolErrorsHeader } from './header.ts';
import { ruleNames } from './rules/rule-sets.ts';
import { FORMS, KINDS, RULE_SETS } from './types.ts';

const EXAMPLES: { value: string; header: ToolErrorsHeader }[] = [
  { value: 'form=off; rules=paper; changed=false; failures=none', header: { form: 'off', rules: 'paper', changed: false, failures: [] } },
  {
    value: 'form=c3; rules=paper; changed=true; failures=3:fixable:generic:decision,1:transient:is_error:history',
    header: {
      form: 'c3',
      rules: 'paper',
      changed: true,
      failures: [
        { messageIndex: 3, kind: 'fixable', rule: 'generic', scope: 'decision' },
        { messageIndex: 1, kind: 'transient', rule: 'is_error', scope: 'history' },
      ],
    },
  },
  {
    value: 'form=c4; rules=extended; changed=false; failures=0:ambiguous:client-kind:decision:retry-unsafe',
    header: {
      form: 'c4',
      rules: 'extended',
      changed: false,
      failures: [{ messageIndex: 0, kind: 'ambiguous', rule: 'client-kind', scope: 'decision', withheld: 'retry-unsafe' }],
    },
  },
];

const failureArb: fc.Arbitrary<HeaderFailure> = fc
  .record({
    messageIndex: fc.nat(),
    kind: fc.constantFrom(...KINDS),
    rule: fc.oneof(fc.constantFrom(...ruleNames('extended')), fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/)),
    scope: fc.constantFrom('decision' as const, 'history' as const),
    withheld: fc.option(fc.constant('retry-unsafe' as const), { nil: undefined }),
  })
  .map(({ withheld, ...rest }) => (withheld ? { ...rest, withheld } : rest));

const headerArb: fc.Arbitrary<ToolErrorsHeader> = fc.record({
  form: fc.constantFrom(...FORMS),
  rules: fc.constantFrom(...RULE_SETS),
  changed: fc.boolean(),
  failures: fc.array(failureArb, { maxLength: 6 }),
});

describe('formatHeader', () => {
  it.each(EXAMPLES)('writes $value', ({ value, header }) => expect(formatHeader(header)).toBe(value));

  it('is named X-GeulPU-Tool-Errors', () => expect(HEADER_NAME).toBe('X-GeulPU-Tool-Errors'));

  it('writes one line of visible ASCII, as an HTTP header value must be', () => {
    fc.assert(
      fc.property(headerArb, (header) => {
        expect(formatHeader(header)).toMatch(/^[\x20-\x7e]+$/);
      }),
      { numRuns: 300 },
    );
  });

  it('can write every rule name of every rule set', () => {
    for (const set of RULE_SETS) for (const rule of ruleNames(set)) expect(rule).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('parseHeader', () => {
  it.each(EXAMPLES)('reads $value', ({ value, header }) => expect(parseHeader(value)).toEqual(header));

  it('reads back whatever formatHeader wrote', () => {
    fc.assert(
      fc.property(headerArb, (header) => {
        const value = formatHeader(header);
        expect(parseHeader(value)).toEqual(header);
        expect(formatHeader(parseHeader(value))).toBe(value);
      }),
      { numRuns: 500 },
    );
  });

  it('allows white space around fields and items', () => {
    expect(parseHeader('  form=c1 ;rules=paper;  changed=true ; failures= 2:fixable:generic:decision , 4:transient:generic:decision ')).toEqual({
      form: 'c1',
      rules: 'paper',
      changed: true,
      failures: [
        { messageIndex: 2, kind: 'fixable', rule: 'generic', scope: 'decision' },
        { messageIndex: 4, kind: 'transient', rule: 'generic', scope: 'decision' },
      ],
    });
  });

  const MALFORMED: [string, string][] = [
    ['an empty value', ''],
    ['a field without "="', 'form=off; rules=paper; changed=false; none'],
    ['no form', 'rules=paper; changed=false; failures=none'],
    ['no rules', 'form=off; changed=false; failures=none'],
    ['no changed', 'form=off; rules=paper; failures=none'],
    ['no failures', 'form=off; rules=paper; changed=false'],
    ['an unknown form', 'form=c5; rules=paper; changed=false; failures=none'],
    ['a form in capitals', 'form=C1; rules=paper; changed=false; failures=none'],
    ['an unknown rule set', 'form=off; rules=strict; changed=false; failures=none'],
    ['changed that is not a boolean', 'form=off; rules=paper; changed=yes; failures=none'],
    ['an empty failure list', 'form=off; rules=paper; changed=false; failures='],
    ['a trailing comma', 'form=off; rules=paper; changed=false; failures=1:fixable:generic:decision,'],
    ['none mixed with items', 'form=off; rules=paper; changed=false; failures=none,1:fixable:generic:decision'],
    ['a negative index', 'form=off; rules=paper; changed=false; failures=-1:fixable:generic:decision'],
    ['a fractional index', 'form=off; rules=paper; changed=false; failures=1.5:fixable:generic:decision'],
    ['an unknown kind', 'form=off; rules=paper; changed=false; failures=1:fatal:generic:decision'],
    ['an unknown scope', 'form=off; rules=paper; changed=false; failures=1:fixable:generic:past'],
    ['a missing scope', 'form=off; rules=paper; changed=false; failures=1:fixable:generic'],
    ['an empty rule', 'form=off; rules=paper; changed=false; failures=1:fixable::decision'],
    ['a rule with a space', 'form=off; rules=paper; changed=false; failures=1:fixable:gen eric:decision'],
    ['an unknown withheld reason', 'form=off; rules=paper; changed=false; failures=1:ambiguous:generic:decision:other'],
    ['too many item fields', 'form=off; rules=paper; changed=false; failures=1:ambiguous:generic:decision:retry-unsafe:x'],
    ['a field given twice', 'form=c1; form=c2; rules=paper; changed=false; failures=none'],
  ];
  it.each(MALFORMED)('rejects %s', (_name, value) => expect(() => parseHeader(value)).toThrow(HeaderParseError));

  it('throws only HeaderParseError on any other text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (value) => {
        try {
          parseHeader(value);
        } catch (error) {
          expect(error).toBeInstanceOf(HeaderParseError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
