// npm run methods -- <bundle.zip> [-o <folder>] [--latex] [--standalone]: see methodsCommand.ts.
import { methodsCommand } from './methodsCommand.js';

const r = await methodsCommand(process.argv.slice(2));
process.stdout.write(r.out);
process.stderr.write(r.err);
process.exitCode = r.code;
