import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { importSlackExport } from '../slack/import/importExport.js';
import { openWorkspaceDb } from '../slack/openWorkspaceDb.js';
import { searchMessages } from '../slack/search.js';
import { generateSlackExport, type GeneratedExport } from '../slack/synthetic/exportGenerator.js';

import type { BenchRow } from './types.js';

export interface SlackBenchOptions {
  channels?: number;
  messages?: number;
  queries?: number;
  /** Queries also timed with ripgrep over the export files. */
  rgQueries?: number;
  log?: (line: string) => void;
  /**
   * Generate the export and run the import each in a child process (the bench's own entry with
   * --slack-generate / --slack-import), so neither the generator's heap nor the bench's own modules count in
   * the import's peak memory. Off when run from sources.
   */
  generateInChild?: boolean;
}

const GENERATED = 'generated.json';
const IMPORTED = 'imported.json';

interface ImportMeasure {
  report: Awaited<ReturnType<typeof importSlackExport>>;
  importMs: number;
  importCpuMs: number;
  peakRss: number;
  rssBefore: number;
}

/** One import into a fresh file, timed, with the process's peak RSS sampled while it runs. */
export async function measureImport(dbFile: string, exportDir: string): Promise<ImportMeasure> {
  const opened = openWorkspaceDb(dbFile);
  if (!opened.ok) throw new Error(opened.error.message);
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let sampledAt = 0;
  const sample = () => {
    // Reading the RSS costs ~10 µs: at most once per 20 ms, or it would show up in the import rate.
    const now = performance.now();
    if (now - sampledAt < 20) return;
    sampledAt = now;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  };
  const sampler = setInterval(sample, 50);
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  // The importer loads groups of files synchronously, so the timer alone would miss the peak: sample per file too.
  const report = await importSlackExport(opened.value, { source: exportDir, onProgress: sample });
  const importMs = ms(t0);
  const cpu = process.cpuUsage(cpu0);
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  opened.value.close();
  return { report, importMs, importCpuMs: (cpu.user + cpu.system) / 1000, peakRss, rssBefore };
}

/** The child's side of an isolated import: `--slack-import <db file> <export dir> <work dir>`. */
export async function importForParent(dbFile: string, exportDir: string, workDir: string): Promise<void> {
  fs.writeFileSync(path.join(workDir, IMPORTED), JSON.stringify(await measureImport(dbFile, exportDir)));
}

/**
 * The import in its own process, as the app runs it in its own worker: the peak memory is the importer's,
 * not the bench's (which holds Playwright, the query list and the generator's vocabulary).
 */
function importInChild(dbFile: string, exportDir: string, workDir: string): ImportMeasure {
  const run = spawnSync(process.execPath, [process.argv[1]!, '--slack-import', dbFile, exportDir, workDir], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`the import child failed (exit ${run.status})`);
  return JSON.parse(fs.readFileSync(path.join(workDir, IMPORTED), 'utf8')) as ImportMeasure;
}

/** The child's side of generateInChild: `--slack-generate <dir> <messages> <channels>`. */
export function generateForParent(dir: string, messages: number, channels: number): void {
  const gen = generateSlackExport({ dir: path.join(dir, 'export'), channels, messages });
  fs.writeFileSync(path.join(dir, GENERATED), JSON.stringify(gen));
}

function generateInChild(dir: string, messages: number, channels: number): GeneratedExport {
  const run = spawnSync(process.execPath, [process.argv[1]!, '--slack-generate', dir, String(messages), String(channels)], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`generating the synthetic export failed (exit ${run.status})`);
  return JSON.parse(fs.readFileSync(path.join(dir, GENERATED), 'utf8')) as GeneratedExport;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A full garbage collection, through V8's gc() enabled at run time (the bench may run without --expose-gc). */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** 200 queries by default: rare, mid and common words, phrases, prefixes, and in:/from:/date modifiers. */
function buildQueries(gen: GeneratedExport, count: number): { query: string; word?: string }[] {
  const out: { query: string; word?: string }[] = [];
  const w = (rank: number) => gen.words[rank] ?? 'x';
  for (let i = 0; out.length < count; i++) {
    const channel = gen.channelNames[(i * 7) % gen.channelNames.length];
    const user = gen.userNames[(i * 13) % gen.userNames.length];
    const day = new Date(Date.parse(`${gen.firstDay}T00:00:00Z`) + ((i * 3) % gen.days) * 86_400_000).toISOString().slice(0, 10);
    const words = (gen.sampleTexts[i % Math.max(1, gen.sampleTexts.length)] ?? `${w(1)} ${w(2)}`).split(' ');
    switch (i % 10) {
      case 0: out.push({ query: w(5000 + i * 37), word: w(5000 + i * 37) }); break;
      case 1: out.push({ query: w(200 + i * 3), word: w(200 + i * 3) }); break;
      case 2: out.push({ query: w(i % 30), word: w(i % 30) }); break;
      case 3: out.push({ query: `"${words.slice(2, 4).join(' ')}"` }); break;
      case 4: out.push({ query: `${w(300 + i).slice(0, 4)}*` }); break;
      case 5: out.push({ query: `${w(i % 40)} in:#${channel}` }); break;
      case 6: out.push({ query: `${w(100 + i)} from:@${user}` }); break;
      case 7: out.push({ query: `${w(i % 20)} on:${day}` }); break;
      case 8: out.push({ query: `${w(50 + i)} ${w(i % 10)} -${w(11)}` }); break;
      default: out.push({ query: `${w(20 + (i % 50))} during:${day.slice(0, 7)} has:reaction` });
    }
  }
  return out;
}

export async function runSlackBench(options: SlackBenchOptions = {}): Promise<BenchRow[]> {
  const log = options.log ?? (() => undefined);
  const messages = options.messages ?? 1_000_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamseat-slackbench-'));
  try {
    log(`generating ${messages} messages in ${options.channels ?? 500} channels…`);
    const channels = options.channels ?? 500;
    const gen = options.generateInChild
      ? generateInChild(dir, messages, channels)
      : generateSlackExport({ dir: path.join(dir, 'export'), channels, messages });
    // The generator's garbage is still on the heap: collect it, or it would count in the import's peak memory.
    collectGarbage();
    const dbFile = path.join(dir, 'ws.sqlite');
    log('importing…');
    const { report, importMs, importCpuMs, peakRss, rssBefore } = options.generateInChild
      ? importInChild(dbFile, gen.dir, dir)
      : await measureImport(dbFile, gen.dir);
    log(`imported ${report.messages} messages in ${(importMs / 1000).toFixed(1)} s (RSS before ${Math.round(rssBefore / 2 ** 20)} MB)`);
    const opened = openWorkspaceDb(dbFile);
    if (!opened.ok) throw new Error(opened.error.message);
    const db = opened.value;

    const queries = buildQueries(gen, options.queries ?? 200);
    const newest: number[] = [];
    const relevance: number[] = [];
    for (const q of queries) searchMessages(db, q.query, { limit: 20 }); // warm the page cache once
    for (const q of queries) {
      let t = process.hrtime.bigint();
      searchMessages(db, q.query, { limit: 20, sort: 'newest' });
      newest.push(ms(t));
      t = process.hrtime.bigint();
      searchMessages(db, q.query, { limit: 20, sort: 'relevance' });
      relevance.push(ms(t));
    }

    // Not in the mix above: 2-letter prefixes have no prefix index since schema 2 and merge many terms' doclists.
    const shortPrefix: number[] = [];
    for (const word of gen.words.slice(0, 5)) {
      for (const sort of ['newest', 'relevance'] as const) {
        const t = process.hrtime.bigint();
        searchMessages(db, `${word.slice(0, 2)}*`, { limit: 20, sort });
        shortPrefix.push(ms(t));
      }
    }

    // ripgrep over the same files, for the same single words, in this run.
    const rgTimes: number[] = [];
    const oursTimes: number[] = [];
    const wordQueries = queries.filter((q) => q.word).slice(0, options.rgQueries ?? 20);
    for (const q of wordQueries) {
      const t = process.hrtime.bigint();
      const rg = spawnSync('rg', ['-i', '-w', '-c', '-F', q.word ?? '', gen.dir], { encoding: 'utf8', maxBuffer: 1 << 26 });
      if (rg.error) throw new Error(`ripgrep could not run (${rg.error.message}); install it with apt-get install -y ripgrep`);
      rgTimes.push(ms(t));
      const s = process.hrtime.bigint();
      searchMessages(db, q.query, { limit: 20 });
      oursTimes.push(ms(s));
    }
    db.close();
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
    return [
      { name: 'slack import rate (incl. FTS)', value: Math.round(report.messages / (importMs / 1000)), unit: 'messages/s', target: '>= 80000' },
      // On a shared machine wall time includes other people's work; CPU time is what the import itself costs.
      { name: 'slack import rate by CPU time', value: Math.round(report.messages / (importCpuMs / 1000)), unit: 'messages/s' },
      { name: 'slack import peak RSS', value: Math.round(peakRss / 2 ** 20), unit: 'MB', target: '<= 400' },
      { name: 'slack messages imported', value: report.messages, unit: 'messages' },
      { name: 'slack search newest-first p95', value: +percentile(newest, 95).toFixed(2), unit: 'ms', target: '<= 10' },
      { name: 'slack search relevance p95', value: +percentile(relevance, 95).toFixed(2), unit: 'ms', target: '<= 50' },
      { name: 'slack search max', value: +Math.max(...newest, ...relevance).toFixed(2), unit: 'ms', target: '<= 200' },
      { name: 'slack search 2-letter prefix max (not in the mix)', value: +Math.max(...shortPrefix).toFixed(2), unit: 'ms' },
      { name: 'slack search vs ripgrep (mean time ratio)', value: Math.round(mean(rgTimes) / mean(oursTimes)), unit: 'x', target: '>= 100', baseline: { name: 'ripgrep mean per word (ms)', value: +mean(rgTimes).toFixed(1) } },
      { name: 'ripgrep mean per word', value: +mean(rgTimes).toFixed(1), unit: 'ms' },
    ];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
