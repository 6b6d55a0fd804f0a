import type { BrowserContext, Page, WebSocket } from '@playwright/test';
import { test, expect } from './fixtures.js';
import {
  latencyLines,
  ROW_OBSERVER,
  serveLab,
  timeEventsToCells,
  type HeardEvent,
  type RowSnap,
} from './labWatch.js';
import { TEAM_DEMO, writeSettings } from './teamPlay.js';

// Issue 13's check: a 10-participant lab session on a second loopback address (127.0.0.2), ten participant pages
// and the experimenter's dashboard in one browser. Everyone plays the team demo's practice (campsite: no Python) by
// the UI; one page is closed and reopened from its link, one participant is withdrawn from the dashboard, and the
// host is SIGKILLed once mid-session and restarted on the same data dir. After each step the dashboard's cells are
// checked (status, task, round), and every event the dashboard hears is timed to the moment its cell shows it.

test.skip(process.env.TEAMSEAT_E2E === 'electron', 'lab mode is the browser host');
test.setTimeout(420_000);

const PARTICIPANTS = 10;
const CLOSER = 2; // whose page is closed and reopened from its link
const WITHDRAWN = 6; // who is withdrawn from the dashboard
/** Event → cell: the issue asks for 500 ms (measured by `npm run bench -- --only=dashboard`); CI is loaded, so here only a generous bound. */
const CELL_BOUND_MS = 10_000;
const PRACTICE = 'Sharing the campsite supplies';
const COUNTED = ['One red test before the release cut', 'Where to evacuate the village'];

test('a 10-participant lab session on 127.0.0.2: the dashboard stays right and quick through a closed page, a withdrawal and a host kill', async ({
  browser,
  dataDir,
}) => {
  const t0 = Date.now();
  const phases: string[] = [];
  const phase = (name: string) => phases.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  writeSettings(dataDir, { typingDelayMs: 0 });

  // 1. The host as the lab starts it; four participants added to the study's own six before anyone has opened it.
  let host = serveLab(dataDir, 0);
  try {
    await expect
      .poll(() => host.out(), { timeout: 60_000 })
      .toMatch(/Open: http:\/\/127\.0\.0\.2:\d+\/#token=\S+/);
    const experimenterUrl = /Open: (http:\/\/127\.0\.0\.2:\d+\/#token=\S+)/.exec(host.out())![1]!;
    const origin = new URL(experimenterUrl).origin;
    const port = Number(new URL(experimenterUrl).port);
    const token = /#token=([^&\s]+)/.exec(experimenterUrl)![1]!;
    const api = async <T>(method: string, args: unknown): Promise<T> => {
      const res = await fetch(`${origin}/api/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin },
        body: JSON.stringify(args),
      });
      const body = (await res.json()) as { ok: boolean; value: T; error?: { message: string } };
      expect(body.ok, `${method}: ${JSON.stringify(body.error)}`).toBe(true);
      return body.value;
    };
    await api('studyAddParticipants', { studyKey: TEAM_DEMO, count: 4 });
    const rows = (
      await api<{ participants: { participantId: string; code: string }[] }>('studyParticipants', {
        studyKey: TEAM_DEMO,
      })
    ).participants;
    expect(rows).toHaveLength(PARTICIPANTS);
    const codes = rows.map((r) => r.code);
    const codeOf = new Map(rows.map((r) => [r.participantId, r.code]));
    // As the dashboard's Start and Link do (and lab mode's printout): each visit starts, each link is kept.
    const links: string[] = [];
    for (const r of rows) {
      await api('studyStartParticipant', { studyKey: TEAM_DEMO, participantId: r.participantId });
      links.push(
        `${origin}/#${(await api<{ fragment: string }>('participantLink', { studyKey: TEAM_DEMO, participantId: r.participantId })).fragment}`,
      );
    }
    phase('host up, 10 links');

    // 2. The dashboard, watched: every row change with its time, every event its stream delivers.
    const snaps: RowSnap[] = [];
    const heard: HeardEvent[] = [];
    const dashSockets: WebSocket[] = [];
    const dash = await (await browser.newContext({ viewport: { width: 1600, height: 1000 } })).newPage();
    await dash.exposeFunction('__labRow', (s: RowSnap) => void snaps.push(s));
    await dash.addInitScript(ROW_OBSERVER);
    dash.on('websocket', (ws) => {
      dashSockets.push(ws);
      ws.on('framereceived', (f) => {
        const parsed = JSON.parse(String(f.payload)) as unknown;
        for (const m of (Array.isArray(parsed) ? parsed : [parsed]) as { type: string; event?: HeardEvent }[])
          if (m.type === 'session.event' && m.event) heard.push(m.event);
      });
    });
    await dash.goto(
      `${experimenterUrl}&to=${encodeURIComponent(`/dashboard?key=${encodeURIComponent(TEAM_DEMO)}`)}`,
    );
    await expect(dash.getByRole('heading', { name: /^Dashboard: / })).toBeVisible({ timeout: 30_000 });
    await expect(dash.locator('tr[data-participant]')).toHaveCount(PARTICIPANTS);
    const practiceCell = (await dash
      .locator('th[data-cell]')
      .filter({ hasText: `Practice: ${PRACTICE}` })
      .getAttribute('data-cell'))!;
    expect(practiceCell).toBeTruthy();
    const row = (code: string) => dash.locator(`tr[data-participant="${code}"]`);

    /**
     * Every row as the scenario says it must be now, read from the observer's latest drawing of each row: the
     * participant's status, where they are, the practice cell's status and round, and the two counted cells — not
     * started by anyone (a withdrawal does not start them either), each naming its own task (their order follows
     * the Latin square).
     */
    const expectGrid = async (
      step: string,
      want: (i: number) => { pstatus: string; now: string; cell: string; round: number | null },
    ) => {
      const wrong = () =>
        codes.flatMap((code, i) => {
          const s = snaps.findLast((x) => x.code === code);
          const w = want(i);
          const got = s && {
            pstatus: s.pstatus,
            now: s.now,
            cell: s.cells.find((c) => c.cell === practiceCell)?.status,
            round: s.cells.find((c) => c.cell === practiceCell)?.round ?? null,
            counted: s.cells
              .filter((c) => c.cell !== practiceCell)
              .map((c) => `${c.task}: ${c.status}`)
              .sort(),
          };
          const expected = { ...w, counted: COUNTED.map((t) => `${t}: not_started`) };
          return JSON.stringify(got) === JSON.stringify(expected)
            ? []
            : [`${code}: ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`];
        });
      await expect.poll(wrong, { message: `the dashboard after: ${step}`, timeout: 30_000 }).toEqual([]);
    };
    await expectGrid('the links were given', () => ({
      pstatus: 'active',
      now: 'consent',
      cell: 'not_started',
      round: null,
    }));
    phase('dashboard open');

    // 3. Ten participants, each in a context of their own, through consent and instructions into the practice.
    const contexts: BrowserContext[] = [];
    const pages: Page[] = [];
    const pageSockets: WebSocket[][] = [];
    const open = async (i: number) => {
      const p = await contexts[i]!.newPage();
      p.on('websocket', (ws) => pageSockets[i]!.push(ws));
      await p.goto(links[i]!);
      pages[i] = p;
      return p;
    };
    for (let i = 0; i < PARTICIPANTS; i++) {
      contexts.push(await browser.newContext({ viewport: { width: 1100, height: 750 } }));
      pageSockets.push([]);
    }
    const heading = (p: Page) => p.locator('.kiosk-card h1');
    await Promise.all(
      codes.map(async (_, i) => {
        const p = await open(i);
        await expect(heading(p)).toHaveText('Consent', { timeout: 30_000 });
        await p.getByRole('checkbox').check();
        await p.getByRole('button', { name: 'Next' }).click();
        await expect(heading(p)).toHaveText('Instructions', { timeout: 30_000 });
        await p.getByRole('button', { name: 'Next' }).click();
        await expect(heading(p)).toHaveText('Practice', { timeout: 30_000 });
        await p.getByRole('button', { name: 'Start', exact: true }).click();
        await expect(p.getByLabel('Round')).toHaveText('Round 1 of 6', { timeout: 30_000 });
      }),
    );
    await expectGrid('everyone started the practice', () => ({
      pstatus: 'active',
      now: PRACTICE,
      cell: 'in_progress',
      round: 1,
    }));
    phase('10 in the practice');

    // 4. Everyone writes to the team: one round each.
    const said = codes.map((): string[] => []);
    // As teamPlay's say(), with waits for ten people sending at once on a loaded machine.
    const write = async (i: number, text: string, round: number) => {
      const team = pages[i]!.getByRole('region', { name: 'Conversation # team' });
      await team.getByRole('textbox').fill(text);
      await expect(team.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 30_000 });
      await team.getByRole('textbox').press('Enter');
      await expect(team.locator('article.msg[data-from="you"]').filter({ hasText: text })).toBeVisible({
        timeout: 30_000,
      });
      said[i]!.push(text);
      await expect(pages[i]!.getByLabel('Round')).toHaveText(`Round ${round} of 6`, { timeout: 30_000 });
    };
    await Promise.all(
      codes.map((code, i) =>
        write(i, `Hello Hal, ${code} here: which supplies matter most to your camp?`, 2),
      ),
    );
    await expectGrid('everyone wrote once', () => ({
      pstatus: 'active',
      now: PRACTICE,
      cell: 'in_progress',
      round: 2,
    }));
    phase('round 2');

    // 5. One page closed and opened again from its link: back in the seat at the same round, with what was said.
    // Meanwhile the experimenter withdraws another participant from the dashboard (the typed reason is the confirmation).
    const reopen = async () => {
      await pages[CLOSER]!.close();
      const p = await open(CLOSER);
      await expect(p.getByLabel('Round')).toHaveText('Round 2 of 6', { timeout: 30_000 });
      await expect(
        p.locator('article.msg[data-from="you"]').filter({ hasText: said[CLOSER]![0]! }),
      ).toBeVisible();
    };
    const withdraw = async () => {
      const code = codes[WITHDRAWN]!;
      await row(code)
        .getByRole('group', { name: `Actions for ${code}` })
        .getByRole('button', { name: 'Void, withdraw…' })
        .click();
      await dash
        .getByRole('group', { name: `Actions for ${code}` })
        .last()
        .getByRole('button', { name: 'Withdraw…' })
        .click();
      await dash.getByRole('alertdialog').getByRole('textbox').fill('Left the lab');
      await dash
        .getByRole('alertdialog')
        .getByRole('button', { name: /^Withdraw/ })
        .click();
      // Their own page learns of it from their run's stream, without a reload.
      await expect(heading(pages[WITHDRAWN]!)).toHaveText('Your data has been withdrawn', {
        timeout: 30_000,
      });
    };
    await Promise.all([reopen(), withdraw()]);
    const playing = codes.map((_, i) => i).filter((i) => i !== WITHDRAWN);
    const withdrawnRow = { pstatus: 'withdrawn', now: '—', cell: 'abandoned', round: null };
    await expectGrid('a page closed and reopened, a withdrawal', (i) =>
      i === WITHDRAWN ? withdrawnRow : { pstatus: 'active', now: PRACTICE, cell: 'in_progress', round: 2 },
    );
    phase('closed + reopened, withdrawn');

    // 6. The host is killed (SIGKILL, nothing flushed on the way out) and started again on the same data dir and port.
    // Time on task as the host counts it, read just before the kill and again after the restart.
    const runOf = (i: number) =>
      snaps.findLast((x) => x.code === codes[i])!.cells.find((c) => c.cell === practiceCell)!.runId!;
    const activeOf = async (i: number) =>
      (await api<{ clock: { activeMs: number } }>('teamView', { sessionId: runOf(i) })).clock.activeMs;
    const tBefore = Date.now();
    const activeBefore = await Promise.all(playing.map(activeOf));
    host.child.kill('SIGKILL');
    await host.exited;
    const downAt = Date.now();
    const socketsBefore = dashSockets.length;
    host = serveLab(dataDir, port, ['--study', TEAM_DEMO]);
    await expect.poll(() => host.out(), { timeout: 60_000 }).toContain('Participant links');
    const restartMs = Date.now() - downAt;
    // Lab mode's printout: the same ten links (they survive a restart), the withdrawn participant's left out.
    for (const [i, code] of codes.entries())
      expect(host.out().includes(`${code.padEnd(12)} ${links[i]}`), code).toBe(i !== WITHDRAWN);
    // The dashboard and the playing pages reconnect by themselves, without a reload.
    await expect
      .poll(() => dashSockets.slice(socketsBefore).some((ws) => !ws.isClosed()), { timeout: 30_000 })
      .toBe(true);
    for (const i of playing)
      await expect.poll(() => pageSockets[i]!.some((ws) => !ws.isClosed()), { timeout: 30_000 }).toBe(true);
    // Nothing acknowledged was lost: every message a page showed as sent is in its run, read from the new host.
    for (const i of playing) {
      const view = await api<{ round: number; messages: { from: string; text: string }[] }>('teamView', {
        sessionId: runOf(i),
      });
      expect(view.round, codes[i]).toBe(2);
      for (const text of said[i]!)
        expect(
          view.messages.map((m) => m.text),
          codes[i],
        ).toContain(text);
    }
    // The downtime never counts, and at most one of the host's alive stamps (5 s) of the time before the kill is
    // lost (labqa saw a minute of reading time dropped: the clock went down at the restart).
    const activeAfter = await Promise.all(playing.map(activeOf));
    const wallMs = Date.now() - tBefore;
    const grew = playing.map((_, k) => activeAfter[k]! - activeBefore[k]!);
    phases.push(
      `time on task over the kill: grew ${Math.min(...grew)}..${Math.max(...grew)} ms over ${wallMs} ms wall, ${restartMs} ms down`,
    );
    for (const [k, i] of playing.entries()) {
      expect(grew[k]!, `${codes[i]}: time on task over the kill`).toBeLessThanOrEqual(
        wallMs - restartMs + 3_000,
      );
      expect(grew[k]!, `${codes[i]}: time on task over the kill`).toBeGreaterThan(-20_000);
    }
    await expectGrid('the host was killed and started again', (i) =>
      i === WITHDRAWN ? withdrawnRow : { pstatus: 'active', now: PRACTICE, cell: 'in_progress', round: 2 },
    );
    phase(`host killed and back (${restartMs} ms to its links)`);

    // 7. Play on from the same pages: a round each, then the practice submitted (the camp's split) and finished.
    await Promise.all(
      playing.map((i) => write(i, `Back again: ${codes[i]} would like the firewood most.`, 3)),
    );
    await expectGrid('everyone still playing wrote again', (i) =>
      i === WITHDRAWN ? withdrawnRow : { pstatus: 'active', now: PRACTICE, cell: 'in_progress', round: 3 },
    );
    phase('round 3 after the restart');
    await Promise.all(
      playing.map(async (i) => {
        const p = pages[i]!;
        await p.locator('.seat-status').getByRole('button', { name: 'Submit…' }).click();
        const dialog = p.getByRole('dialog', { name: 'Submit your work' });
        // The camp's split, unless Hal has put a deal on the table (then the dialog asks for a summary).
        if (await dialog.getByLabel('Firewood you keep').count())
          await dialog.getByLabel('Firewood you keep').selectOption('3');
        else await dialog.getByLabel('Your answer or summary').fill('We keep the firewood.');
        await dialog.getByRole('button', { name: 'Submit…' }).click();
        await dialog.getByRole('button', { name: 'Yes, submit' }).click();
        await expect(p.getByText('This task is finished.')).toBeVisible({ timeout: 60_000 });
      }),
    );
    await expectGrid('the practice was submitted', (i) =>
      i === WITHDRAWN ? withdrawnRow : { pstatus: 'active', now: PRACTICE, cell: 'done', round: null },
    );
    phase('practice done');

    // 8. Event → cell: each event the dashboard heard, to the first drawing of its row that shows it.
    const timed = timeEventsToCells(heard, snaps, codeOf);
    const ms = timed.flatMap((x) => (x.ms === null ? [] : [x.ms])).sort((a, b) => a - b);
    const lines = latencyLines(timed);
    const report = [
      `lab session (${PARTICIPANTS} pages + dashboard, 127.0.0.2): event → dashboard cell`,
      ...lines,
      'phases:',
      ...phases.map((p) => `  ${p}`),
    ].join('\n');
    console.log(report);
    await test.info().attach('event-to-cell latency', {
      body: JSON.stringify({ timed, phases }, null, 1),
      contentType: 'application/json',
    });

    expect(
      timed.filter((x) => x.kind === 'round_started').length,
      'round_started events heard',
    ).toBeGreaterThanOrEqual(PARTICIPANTS * 2);
    expect(
      timed.filter((x) => x.ms === null),
      'events whose cell never showed them',
    ).toEqual([]);
    expect(ms.at(-1)!, `slowest event → cell (ms)\n${report}`).toBeLessThanOrEqual(CELL_BOUND_MS);
  } finally {
    host.child.kill('SIGTERM');
    await host.exited;
  }
});
