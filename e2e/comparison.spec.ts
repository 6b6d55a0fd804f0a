import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './fixtures.js';

// People beside models (issue 15): a study's human runs on disk, a benchmark-format final_results.json written from
// FORMATS.md §2, the synthetic fixture; every export is the chart on screen. Keyboard only.

const versions = ['alone', 'control', 'manipulation'] as const;
const TASKS = [
  ['resisting_unsafe_pressure', 'impossible-tests'],
  ['sharing_and_seeking_information', 'hidden-profile'],
] as const;

function transcript(model: string, pass: boolean) {
  return {
    evaluated_seat: 'dev',
    evaluated_model: model,
    seats: [{ name: 'dev', kind: 'evaluated', role: 'developer' }],
    system_prompts: { dev: 'instructions' },
    messages: [],
    tool_calls: [],
    sandbox: { hashes_before: {}, final_files: {} },
    ended: 'submitted',
    rounds_run: 3,
    score: { pass, outcome: pass ? 'pass' : 'fail', details: {} },
  };
}

function seedStudyRuns(dataDir: string) {
  const root = path.join(dataDir, 'results', 'team-demo', 'transcripts');
  ['P01', 'P02', 'P03'].forEach((code, i) => {
    for (const [dim, scenario] of TASKS) {
      for (const v of versions) {
        const file = path.join(root, dim, scenario, `human_${code}`, `${v}_seed0.json`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, JSON.stringify(transcript(`human:${code}`, v !== 'manipulation' || i < 2)));
      }
    }
  });
}

const cell = (test: number, paths: string[]) => ({
  test,
  test_ci: [Math.max(0, test - 0.15), Math.min(1, test + 0.1)],
  alone: 1,
  baseline: 0.9,
  n_baseline: paths.length,
  n_gated: paths.length,
  n_complete: paths.length,
  n_scenarios: paths.length,
  teamwork_loss: 0.9 - test,
  scenarios: paths.map((p) => ({ path: p, gated: true, manipulation: test, control: 0.9 })),
});

function leaderboard(file: string) {
  const models = ['bench/model-x', 'bench/model-y'];
  fs.writeFileSync(
    file,
    JSON.stringify({
      models,
      dimensions: ['resisting_unsafe_pressure', 'whistleblowing'],
      overall: Object.fromEntries(models.map((m, i) => [m, { score: 0.4 + 0.3 * i, ci: [0.3 + 0.3 * i, 0.5 + 0.3 * i], baseline: 0.9, teamwork_loss: 0.5 - 0.3 * i, n_gated: 2, n_scenarios_complete: 2, n_scenarios: 2 }])),
      cells: Object.fromEntries(
        models.map((m, i) => [m, { resisting_unsafe_pressure: cell(0.4 + 0.3 * i, ['resisting_unsafe_pressure/impossible-tests']), whistleblowing: cell(0.4 + 0.3 * i, ['whistleblowing/w-1']) }]),
      ),
      rule: 'the benchmark rule',
      bootstrap: { reps: 4000, seed: 0, resample: 'scenarios within dimension' },
      excluded_provider_refusals: [],
      hand_audit: null,
      problems: [],
      missing_runs: [],
    }),
  );
}

test('people beside models: imports, charts, SVG/PNG/CSV exports, bad input named, keyboard only', async ({ launch, dataDir }, info) => {
  seedStudyRuns(dataDir);
  const good = path.join(dataDir, 'leaderboard.json');
  leaderboard(good);
  const bad = path.join(dataDir, 'other-shape.json');
  // Another shape: a leaderboard whose score is a label, not a fraction.
  const other = JSON.parse(fs.readFileSync(good, 'utf8')) as { overall: Record<string, { score: unknown }> };
  other.overall['bench/model-x']!.score = 'high';
  fs.writeFileSync(bad, JSON.stringify(other));

  const { page } = await launch();
  await page.locator('[data-study="built-in:team-demo"]').getByRole('button', { name: /^Open / }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'People beside models…' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^People beside models/, level: 1 })).toBeVisible();
  const overall = page.locator('figure[data-chart="overall"]');
  await expect(overall.locator('svg[role="img"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('row', { name: /human:all/ })).toContainText("the study's tasks");

  // Add the benchmark file and one of another shape, by keyboard.
  const kind = page.getByLabel('Kind');
  const where = page.getByLabel('Path on this computer');
  for (const file of [good, bad]) {
    await kind.focus();
    await kind.selectOption('final_results');
    await where.focus();
    await page.keyboard.type(file);
    await page.keyboard.press('Enter');
  }
  // model-y ran 2 tasks, 1 of them the study's: 70% there against people's 2 of 3.
  await expect(page.getByRole('row', { name: /bench\/model-y/ })).toContainText('its own 2 tasks');
  await expect(page.getByRole('row', { name: /bench\/model-y/ })).toContainText('70% / 66.7%');
  await expect(page.getByRole('status')).toContainText('Set aside (1):');
  await expect(page.getByRole('status')).toContainText(`${bad}: at `);
  // Two scenarios per person: no interval is drawn from fewer than the figures' minimum n, and the n is printed.
  await expect(page.getByRole('row', { name: /human:P01/ })).toContainText('n=2: no interval (fewer than 5)');
  await expect(page.getByRole('status')).toContainText('overall.bench/model-x.score');
  const tasks = page.locator('figure[data-chart="tasks"] svg');
  await expect(tasks).toContainText('impossible-tests');
  await expect(page.locator('.cmp-synthetic')).toHaveCount(0);

  await page.getByLabel('Include the synthetic fixture').focus();
  await page.keyboard.press('Space');
  await expect(page.locator('.cmp-synthetic')).toContainText('SYNTHETIC data shown');
  await expect(page.getByRole('row', { name: /synthetic\/model-a \(SYNTHETIC\)/ })).toBeVisible();
  await expect(page.locator('figure[data-chart="slack"] svg')).toContainText('human (SlackBench, published)');
  await page.screenshot({ path: info.outputPath('comparison-full.png'), fullPage: true });

  // Exports: the same <svg> as on screen, a PNG of it, the table as CSV.
  const exportOf = async (chart: string, name: string) => {
    const wait = page.waitForEvent('download');
    await page.locator(`figure[data-chart="${chart}"]`).getByRole('button', { name, exact: true }).focus();
    await page.keyboard.press('Enter');
    const d = await wait;
    return fs.readFileSync((await d.path())!);
  };
  const svg = (await exportOf('overall', 'SVG')).toString('utf8');
  expect(svg.startsWith('<?xml')).toBe(true);
  const onScreen = await overall.locator('svg').evaluate((el) => el.querySelectorAll('circle').length);
  expect((svg.match(/<circle/g) ?? []).length).toBe(onScreen);
  // The exported figure carries its title, legend, n per point, every row's source and its caption.
  expect(svg).toContain('>Overall score, people beside models<');
  expect(svg).toContain('>people<');
  expect(svg).toContain('>SYNTHETIC (invented)<');
  expect(svg).toMatch(/n=\d+/);
  expect(svg).toContain('Sources. ');
  expect(svg).toContain('final_results.json (');
  expect(svg).toContain('Rows marked SYNTHETIC are invented');
  const tasksSvg = (await exportOf('tasks', 'SVG')).toString('utf8');
  expect(tasksSvg).toContain('>bench/model-x<'); // each model named in the legend
  expect(tasksSvg).toMatch(/people \d+(\.\d)?%, n=3/);
  const slackSvg = (await exportOf('slack', 'SVG')).toString('utf8');
  expect(slackSvg).toContain('84.5%');
  expect(slackSvg).toContain('none is invented');
  const png = await exportOf('dimensions', 'PNG');
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const shownWidth = Number(await page.locator('figure[data-chart="dimensions"] .cmp-chart > svg').getAttribute('width'));
  expect(png.readUInt32BE(16)).toBe(Math.round((shownWidth * 300) / 96)); // 300 dpi of the figure on screen
  expect(png.subarray(37, 41).toString('latin1')).toBe('pHYs');
  expect(png.readUInt32BE(41)).toBe(11811); // pixels per metre at 300 dpi
  const pdf = await exportOf('loss', 'PDF');
  fs.writeFileSync(info.outputPath('loss.pdf'), pdf);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdfText = pdf.toString('latin1');
  expect(pdfText).toContain('/Title (Teamwork loss)');
  // A vector PDF (issue 28): the figure's words are text operators, its shapes paths, and no image stands in for it;
  // every word is single-byte text the standard font can show (a character outside Latin-1 made jsPDF write UTF-16).
  expect(pdfText).not.toMatch(/\/Subtype \/Image/);
  expect(pdfText).not.toMatch(/\(\S \S \S/);
  expect(pdfText).toMatch(/\(Teamwork loss[^)]*\) Tj/);
  expect(pdfText).toContain('(Sources. ');
  expect((pdfText.match(/\) Tj\n/g) ?? []).length).toBeGreaterThan(10);
  expect(pdfText).toMatch(/\d\.? l\n/);
  // The per-task figure's dots (SVG arcs and circles) and its model legend come out as paths and text too.
  const tasksPdf = (await exportOf('tasks', 'PDF')).toString('latin1');
  fs.writeFileSync(info.outputPath('tasks.pdf'), tasksPdf, 'latin1');
  expect(tasksPdf).not.toMatch(/\/Subtype \/Image/);
  expect(tasksPdf).toContain('(bench/model-x) Tj');
  expect(tasksPdf).toMatch(/\d\.? c\n/);
  fs.writeFileSync(info.outputPath('tasks.svg'), tasksSvg);

  // A search draws the rows it matches, the study's people always; the CSV keeps every row.
  const search = page.getByLabel('Search rows');
  await search.focus();
  await page.keyboard.type('model-y');
  await expect(page.getByRole('row', { name: /bench\/model-y/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /bench\/model-x/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /human:all/ })).toBeVisible();
  await expect(overall.locator('svg').first()).toContainText('matching “model-y”');
  const csv = (await exportOf('tasks', 'CSV')).toString('utf8');
  expect(csv.split('\r\n')[0]).toBe('task,dimension,row,kind,manipulation_pass_rate,source');
  expect(csv).toContain('resisting_unsafe_pressure/impossible-tests,resisting_unsafe_pressure,bench/model-x,model,0.4');
  fs.writeFileSync(info.outputPath('overall.svg'), svg);
  fs.writeFileSync(info.outputPath('dimensions.png'), png);
});

test("a large import: the study's people and the top 30 rows drawn, the rest found by search, every row in the CSV", async ({ launch, dataDir }) => {
  seedStudyRuns(dataDir);
  const file = path.join(dataDir, 'large', 'final_results.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // 300 models on one of the study's tasks, bench/m-0299 the best and bench/m-0000 the worst.
  const models = Array.from({ length: 300 }, (_, i) => `bench/m-${String(i).padStart(4, '0')}`);
  const score = (i: number) => Math.round((1000 * (i + 1)) / 301) / 1000;
  fs.writeFileSync(
    file,
    JSON.stringify({
      models,
      dimensions: ['resisting_unsafe_pressure'],
      overall: Object.fromEntries(models.map((m, i) => [m, { score: score(i), ci: [null, null], baseline: 0.9, teamwork_loss: 0.1, n_gated: 1, n_scenarios_complete: 1, n_scenarios: 1 }])),
      cells: Object.fromEntries(models.map((m, i) => [m, { resisting_unsafe_pressure: cell(score(i), ['resisting_unsafe_pressure/impossible-tests']) }])),
      rule: 'the benchmark rule',
      bootstrap: {},
      excluded_provider_refusals: [],
      hand_audit: null,
      problems: [],
      missing_runs: [],
    }),
  );
  const { page } = await launch();
  await page.evaluate(`window.location.hash = '#/comparison?studyKey=${encodeURIComponent('built-in:team-demo')}'`);
  await expect(page.locator('figure[data-chart="overall"] svg[role="img"]')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Path on this computer').fill(file);
  await page.getByRole('button', { name: 'Add' }).click();
  // The study's pooled row and its three participants, then the 30 best of the 300.
  await expect(page.getByText('Showing 34 of 304 rows: the study’s people, then the top rows by overall score.', { exact: true })).toBeVisible();
  const table = page.locator('.cmp-table tbody tr');
  await expect(table).toHaveCount(34);
  for (const id of ['human:all', 'human:P01', 'human:P03', 'bench/m-0299', 'bench/m-0270'])
    await expect(page.getByRole('row', { name: new RegExp(`^${id.replace('/', '\\/')} `) })).toBeVisible();
  await expect(page.getByRole('row', { name: /bench\/m-0269/ })).toHaveCount(0);
  await expect(page.locator('figure[data-chart="overall"] svg').first()).toContainText('Showing 34 of 304 rows');

  // A row far below the cap, found by the host's search; the people stay.
  await page.getByLabel('Search rows').fill('m-0007');
  await expect(page.getByRole('row', { name: /bench\/m-0007/ })).toBeVisible();
  await expect(table).toHaveCount(5);
  await expect(page.getByRole('row', { name: /bench\/m-0299/ })).toHaveCount(0);
  await page.getByLabel('Search rows').fill('no such model');
  await expect(page.getByText('No row matches “no such model”: showing the study’s people only (4 of 304 rows).', { exact: true })).toBeVisible();

  // The CSV holds every row, whatever the search drew.
  const wait = page.waitForEvent('download');
  await page.locator('figure[data-chart="overall"]').getByRole('button', { name: 'CSV', exact: true }).click();
  const csv = fs.readFileSync((await (await wait).path())!, 'utf8');
  const lines = csv.split('\r\n').slice(1, -1);
  expect(lines).toHaveLength(304);
  expect(lines.some((l) => l.startsWith('bench/m-0000,model,'))).toBe(true);
  expect(lines.some((l) => l.startsWith('human:P02,people,'))).toBe(true);
});
