// Usage: npx tsx main/cli/write-schemas.ts [--check]
// Writes the JSON Schemas that editors use to check study packs (e.g. the YAML language server's
// `# yaml-language-server: $schema=…` comment) to studies/schemas/. With --check, writes nothing and exits 1
// when a committed file differs from what the code generates.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { teamTaskJsonSchema } from '../../shared/team/pack/jsonSchema.js';
import { studyManifestSchema } from '../../shared/studies/manifest.js';
import { itemsJsonSchema } from '../../shared/labelling/items.js';

export const schemasDir = path.resolve(import.meta.dirname, '../../studies/schemas');

const GENERATED =
  'Generated from the zod schemas by main/cli/write-schemas.ts; edit the code, not this file.';

/** File name → JSON text of every schema, exactly as it is committed. */
export function schemaFiles(): Record<string, string> {
  const schemas: Record<string, { title: string; schema: Record<string, unknown>; source: string }> = {
    'team-task.schema.json': {
      title: 'Teamseat team task',
      schema: teamTaskJsonSchema(),
      source: 'shared/team/pack/schema.ts',
    },
    'study.schema.json': {
      title: 'Teamseat study pack (study.yaml)',
      // The input side: fields with defaults (description, seeds) may be left out of the file.
      schema: z.toJSONSchema(studyManifestSchema, { io: 'input' }) as Record<string, unknown>,
      source: 'shared/studies/manifest.ts',
    },
    'labelling-item.schema.json': {
      title: 'Teamseat labelling item (one JSONL line)',
      schema: itemsJsonSchema(),
      source: 'shared/labelling/items.ts',
    },
  };
  return Object.fromEntries(
    Object.entries(schemas).map(([file, { title, schema, source }]) => {
      const { $schema, ...rest } = schema;
      // $schema first, then what a reader of the file wants to know before the details.
      const ordered = {
        ...($schema === undefined ? {} : { $schema }),
        title,
        $comment: `${GENERATED} Source: ${source}.`,
        ...rest,
      };
      return [file, JSON.stringify(ordered, null, 2) + '\n'];
    }),
  );
}

/** Files under `dir` that are missing or differ from what the code generates. */
export function staleSchemaFiles(dir = schemasDir): string[] {
  return Object.entries(schemaFiles())
    .filter(([file, text]) => {
      const target = path.join(dir, file);
      return !fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== text;
    })
    .map(([file]) => file);
}

export function writeSchemaFiles(dir = schemasDir): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const files = schemaFiles();
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return Object.keys(files);
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  const rel = (file: string) => path.relative(process.cwd(), path.join(schemasDir, file));
  if (process.argv.includes('--check')) {
    const stale = staleSchemaFiles();
    for (const file of stale)
      console.error(`${rel(file)} is out of date; run npx tsx main/cli/write-schemas.ts`);
    process.exit(stale.length > 0 ? 1 : 0);
  }
  for (const file of writeSchemaFiles()) console.log(`wrote ${rel(file)}`);
}
