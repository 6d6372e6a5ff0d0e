import { describe, expect, it } from 'vitest';
import { parseGroundTruthCall } from './ground-truth.ts';

describe('ground-truth calls as sim-script calls', () => {
  it('reads keyword literals into json.dumps text, floats and key order kept', () => {
    expect(parseGroundTruthCall("plant(crop='beans', count=2)")).toEqual({ name: 'plant', argumentsJson: '{"crop": "beans", "count": 2}' });
    expect(parseGroundTruthCall('water(liters=2.0)')).toEqual({ name: 'water', argumentsJson: '{"liters": 2.0}' });
    expect(parseGroundTruthCall("tag_entries(tags=['kennel', \"food\"], meta={'checked': True, 'n': None}, t=(1, -2.5e3))")!.argumentsJson)
      .toBe('{"tags": ["kennel", "food"], "meta": {"checked": true, "n": null}, "t": [1, -2500.0]}');
    expect(parseGroundTruthCall('status()')).toEqual({ name: 'status', argumentsJson: '{}' });
    expect(parseGroundTruthCall("echo(content='it\\'s caf\\u00e9')")!.argumentsJson).toBe('{"content": "it\'s caf\\u00e9"}');
  });

  it('gives null for what a script cannot hold', () => {
    expect(parseGroundTruthCall("admit(name='bo', age=2")).toBeNull();
    expect(parseGroundTruthCall("cd('docs')")).toBeNull();
    expect(parseGroundTruthCall('f(x=1+2)')).toBeNull();
  });
});
