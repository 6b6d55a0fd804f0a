import { describe, expect, it } from 'vitest';
import { parsePythonJson } from './pythonJson.js';

describe("JSON as Python's json.dump writes it", () => {
  it('reads NaN, Infinity and -Infinity where a number stands, and leaves the same words inside strings alone', () => {
    const v = parsePythonJson('{"a": NaN, "b": [Infinity, -Infinity], "c": "NaN and Infinity \\" NaN", "d": 1}') as Record<string, unknown>;
    expect(v.a).toBeNaN();
    expect(v.b).toEqual([Infinity, -Infinity]);
    expect(v.c).toBe('NaN and Infinity " NaN');
    expect(v.d).toBe(1);
  });

  it('still refuses what Python would refuse, with JSON.parse’s message', () => {
    expect(() => parsePythonJson('{"a": nan}')).toThrow(SyntaxError);
    expect(() => parsePythonJson('{"a": NaN')).toThrow(SyntaxError);
    expect(() => parsePythonJson('{"a": 1,}')).toThrow(SyntaxError);
  });
});
