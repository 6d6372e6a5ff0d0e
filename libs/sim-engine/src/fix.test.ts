import { describe, expect, it } from 'vitest';
import { argumentNamed, findFix, parseCorrectedValue } from './fix.ts';
import type { ChatTool } from './request.ts';

describe('reading the corrected value from a fixable error', () => {
  it.each([
    ["order_id must not be empty; use 'ORD-1042'", 'ORD-1042'],
    ['order_id is wrong, use "ORD-7" instead', 'ORD-7'],
    ['Use `celsius` here', 'celsius'],
    ["unknown city 'Pari'. Did you mean 'Paris'?", 'Paris'],
    ['status: expected one of: open, closed', 'open'],
    ["status: expected one of: 'open', 'closed'.", 'open'],
    ['unit expected one of: c or f; got k', 'c'],
    ["expected 'YYYY-MM-DD'", 'YYYY-MM-DD'],
    ['page must be 3', '3'],
    ['count must be -2.5 or less', '-2.5'],
    ['flag must be true', 'true'],
    ["room must be 'B-201'", 'B-201'],
    ['code must be AB12', 'AB12'],
    ['page must be positive', undefined],
    ['something is wrong', undefined],
  ])('%j → %j', (text, value) => expect(parseCorrectedValue(text)).toBe(value));

  it('skips the failed value in a list of options', () => {
    expect(parseCorrectedValue('status: expected one of: open, closed', 'open')).toBe('closed');
  });
});

describe('the corrected call', () => {
  const tool: ChatTool = {
    type: 'function',
    function: { name: 'list', parameters: { type: 'object', properties: { status: { type: 'string' }, page: { type: 'integer' }, all: { type: 'boolean' } } } },
  };

  it('changes the argument the error names and keeps the others', () => {
    expect(findFix('page must be 2', { name: 'list', arguments: '{"status":"open","page":0}' }, tool)).toEqual({ key: 'page', value: 2, arguments: '{"status":"open","page":2}' });
  });

  it('adds an omitted argument named in the error from the tool schema', () => {
    expect(findFix("status is required; use 'open'", { name: 'list', arguments: '{}' }, tool)).toEqual({ key: 'status', value: 'open', arguments: '{"status":"open"}' });
  });

  it('types the value by the schema (boolean)', () => {
    expect(findFix('all must be true', { name: 'list', arguments: '{"all":false}' }, tool)?.value).toBe(true);
  });

  it('picks the argument named earliest, as a whole word, else the only candidate, else the first argument', () => {
    expect(argumentNamed('page_size is fine but page must be 1', ['page', 'page_size'], [])).toBe('page_size');
    expect(argumentNamed('must be 1', ['only'], [])).toBe('only');
    expect(argumentNamed('must be 1', ['a', 'b'], ['b', 'a'])).toBe('b');
    expect(argumentNamed('must be 1', [], [])).toBeUndefined();
  });

  it('gives nothing when no value can be read', () => {
    expect(findFix('page is wrong', { name: 'list', arguments: '{"page":0}' }, tool)).toBeUndefined();
  });
});
