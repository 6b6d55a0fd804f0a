/**
 * Why a text is not JSON, as "line L, column C: what was expected", or null when it is JSON. JSON.parse in Node 20
 * names a position for some mistakes only, so a small scanner of the JSON grammar finds the place itself.
 */
export function notJson(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch {
    const { at, expected } = firstMistake(text);
    const before = text.slice(0, at).split('\n');
    return `line ${before.length}, column ${before.at(-1)!.length + 1}: expected ${expected}`;
  }
}

class Mistake {
  constructor(
    readonly at: number,
    readonly expected: string,
  ) {}
}

/** The offset of the first character that cannot continue a JSON text, and what could have stood there. */
function firstMistake(text: string): { at: number; expected: string } {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const want = (c: string, what = `"${c}"`) => {
    space();
    if (text[i] !== c) throw new Mistake(i, what);
    i++;
  };
  const string = () => {
    want('"', 'a string in double quotes');
    for (;;) {
      const c = text[i];
      if (c === undefined) throw new Mistake(i, 'the closing double quote');
      if (c === '"') return void i++;
      if (c < ' ') throw new Mistake(i, 'no control character inside a string');
      if (c === '\\') {
        const e = text[i + 1] ?? '';
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            throw new Mistake(i, 'four hex digits after \\u');
          i += 6;
        } else if ('"\\/bfnrt'.includes(e) && e !== '') i += 2;
        else throw new Mistake(i, 'a valid escape');
      } else i++;
    }
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') return void i++;
      for (;;) {
        string();
        want(':', '":" after the property name');
        value();
        space();
        if (text[i] === ',') i++;
        else return want('}', '"," or "}"');
      }
    }
    if (c === '[') {
      i++;
      space();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        space();
        if (text[i] === ',') i++;
        else return want(']', '"," or "]"');
      }
    }
    if (c === '"') return string();
    const literal = /^(true|false|null|-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!literal) throw new Mistake(i, c === undefined ? 'a value, not the end of the text' : 'a value');
    i += literal[0].length;
  };
  try {
    value();
    space();
    if (i < text.length) throw new Mistake(i, 'the end of the text after one value');
    return { at: text.length, expected: 'valid JSON' };
  } catch (error) {
    if (error instanceof Mistake) return { at: error.at, expected: error.expected };
    // Nesting deeper than the stack: say so at the place reached rather than crash.
    if (error instanceof RangeError) return { at: i, expected: 'JSON nested less deeply' };
    throw error;
  }
}
