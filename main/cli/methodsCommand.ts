// The command behind `npm run methods` (main/cli/methods.ts starts it). npm run methods -- <bundle.zip> [-o <folder>] [--latex] [--standalone]
// The methods-and-results paragraph of a study bundle (shared/study/methods/), derived from the bundle alone, every
// number footnoted with the file and field it comes from. Prints the Markdown (or with --latex, the LaTeX); with -o,
// writes <bundle>.methods.md and <bundle>.methods.tex into that folder instead (atomically). --standalone makes the
// LaTeX a whole document that compiles by itself. The bundle is checked as merge checks it (hashes, schemas).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readBundle } from '../bundle/readBundle.js';
import { methodsInput } from '../bundle/methodsFiles.js';
import { methodsDoc } from '../../shared/study/methods/methods.js';
import { methodsLatex, methodsMarkdown } from '../../shared/study/methods/render.js';
import { writeFileAtomic } from '../files/atomicWrite.js';

const USAGE = 'usage: npm run methods -- <bundle.zip> [-o <folder>] [--latex] [--standalone]\n';

export async function methodsCommand(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: 'string', short: 'o' },
        latex: { type: 'boolean' },
        standalone: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { code: 2, out: '', err: `${(error as Error).message}\n${USAGE}` };
  }
  const { values, positionals } = parsed;
  if (values.help) return { code: 0, out: USAGE, err: '' };
  if (positionals.length !== 1) return { code: 2, out: '', err: USAGE };
  const file = positionals[0]!;
  const bundle = await readBundle(file);
  if (!bundle.ok) return { code: 1, out: '', err: `${bundle.error.message}\n` };
  const doc = methodsDoc(methodsInput(bundle.value.files, bundle.value.manifest));
  const markdown = methodsMarkdown(doc);
  const latex = methodsLatex(doc, { standalone: values.standalone ?? false });
  if (!values.out) return { code: 0, out: values.latex ? latex : markdown, err: '' };
  const stem = path.join(values.out, path.basename(file).replace(/\.zip$/i, ''));
  writeFileAtomic(`${stem}.methods.md`, markdown);
  writeFileAtomic(`${stem}.methods.tex`, latex);
  return { code: 0, out: `${stem}.methods.md\n${stem}.methods.tex\n`, err: '' };
}
