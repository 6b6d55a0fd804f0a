import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { makeTempDir } from '../testing/tempDir.js';
import { schemaFiles, schemasDir, staleSchemaFiles, writeSchemaFiles } from './write-schemas.js';

const studiesDir = path.resolve(schemasDir, '..');
const committed = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(schemasDir, file), 'utf8')) as Record<string, unknown>;

describe('the JSON Schemas in studies/schemas', () => {
  it('are exactly what the code generates (run `npx tsx main/cli/write-schemas.ts` after changing a schema)', () => {
    for (const [file, text] of Object.entries(schemaFiles())) {
      expect(fs.readFileSync(path.join(schemasDir, file), 'utf8'), `studies/schemas/${file} is stale`).toBe(
        text,
      );
    }
    expect(staleSchemaFiles()).toEqual([]);
  });

  it('are reported stale when a committed file is edited or missing', () => {
    const tmp = makeTempDir();
    try {
      writeSchemaFiles(tmp.dir);
      expect(staleSchemaFiles(tmp.dir)).toEqual([]);
      const study = path.join(tmp.dir, 'study.schema.json');
      fs.writeFileSync(study, fs.readFileSync(study, 'utf8').replace('"minLength": 1', '"minLength": 2'));
      fs.rmSync(path.join(tmp.dir, 'team-task.schema.json'));
      expect(staleSchemaFiles(tmp.dir).sort()).toEqual(['study.schema.json', 'team-task.schema.json']);
    } finally {
      tmp.cleanup();
    }
  });

  // An editor checks with a JSON Schema validator, not zod: the built-in packs must pass it, and a typo must not.
  it('accept the built-in study packs and reject a misspelt field', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    const study = ajv.compile(committed('study.schema.json'));
    const task = ajv.compile(committed('team-task.schema.json'));
    const item = ajv.compile(committed('labelling-item.schema.json'));
    const packs = fs
      .readdirSync(studiesDir)
      .filter((d) => fs.existsSync(path.join(studiesDir, d, 'study.yaml')));
    expect(packs.length).toBeGreaterThanOrEqual(3);
    let tasks = 0;
    let items = 0;
    for (const pack of packs) {
      const manifest = parseYaml(
        fs.readFileSync(path.join(studiesDir, pack, 'study.yaml'), 'utf8'),
      ) as Record<string, unknown>;
      expect(study(manifest), `${pack}/study.yaml: ${ajv.errorsText(study.errors)}`).toBe(true);
      if (manifest.kind === 'team') {
        for (const file of manifest.tasks as string[]) {
          const data = parseYaml(fs.readFileSync(path.join(studiesDir, pack, file), 'utf8'), {
            merge: true,
          }) as unknown;
          expect(task(data), `${pack}/${file}: ${ajv.errorsText(task.errors)}`).toBe(true);
          tasks++;
        }
      }
      if (manifest.kind === 'labelling') {
        const lines = fs
          .readFileSync(path.join(studiesDir, pack, String(manifest.items)), 'utf8')
          .split('\n')
          .filter((l) => l.trim());
        lines.forEach((line, i) => {
          expect(
            item(JSON.parse(line)),
            `${pack}/${String(manifest.items)} line ${i + 1}: ${ajv.errorsText(item.errors)}`,
          ).toBe(true);
          items++;
        });
      }
    }
    expect(tasks).toBeGreaterThanOrEqual(3);
    expect(items).toBeGreaterThan(0);

    const teamManifest = {
      schema: 'teamseat/study@1',
      id: 'pilot',
      title: 'Pilot',
      kind: 'team',
      tasks: ['tasks/a.yaml'],
    };
    expect(study(teamManifest)).toBe(true);
    expect(study({ ...teamManifest, kind: 'teams' })).toBe(false);
    const campsite = parseYaml(
      fs.readFileSync(path.join(studiesDir, 'team-demo/tasks/campsite-negotiation.yaml'), 'utf8'),
      { merge: true },
    ) as Record<string, unknown>;
    expect(task(campsite)).toBe(true);
    expect(task({ ...campsite, rounds_max: 6 })).toBe(false);
    expect(ajv.errorsText(task.errors)).toContain('must NOT have additional properties');
  });
});
