import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { ALL_PAYLOADS, XSS_PAYLOADS } from './xssPayloads.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Keys whose string values are shown to a person (never ids, keywords or label names that others refer to). */
const TEAM_TEXT_KEYS = new Set([
  'title',
  'description',
  'instructions',
  'alone',
  'control',
  'manipulation',
  'text',
  'persona',
  'role',
  'default_reply',
  'definition',
  'subject',
  'body',
  'citation',
  'fictional',
  'licence',
  'why',
]);
// Not `answer`: a practice item's answer names one of its labels.
const ITEM_TEXT_KEYS = new Set(['text', 'definition', 'seat', 'why', 'task']);

function replaceTexts(node: Json, keys: Set<string>, parentKey = ''): Json {
  if (typeof node === 'string') return keys.has(parentKey) ? `${node} ${ALL_PAYLOADS}` : node;
  if (Array.isArray(node)) return node.map((v) => replaceTexts(v, keys, parentKey));
  if (node && typeof node === 'object')
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        replaceTexts(v, keys, keys.has(parentKey) && parentKey === 'instructions' ? 'instructions' : k),
      ]),
    );
  return node;
}

/** Renames every seat other than the evaluated one to a name carrying payloads, everywhere the name is used. */
function renameSeats(task: Json): Json {
  const seats = ((task as { seats?: { name: string; kind: string }[] }).seats ?? []).filter(
    (s) => s.kind !== 'evaluated',
  );
  const names = new Map(
    seats.map((s, i) => [
      s.name,
      `${s.name} ${XSS_PAYLOADS[i % XSS_PAYLOADS.length]} ${XSS_PAYLOADS[(i + 7) % XSS_PAYLOADS.length]}`,
    ]),
  );
  const walk = (node: Json): Json => {
    if (typeof node === 'string') return names.get(node) ?? node;
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
    return node;
  };
  return walk(task);
}

/** A copy of the team demo pack with every text a pack carries (and the partners' names) full of payloads. */
export function writeXssTeamStudy(appRoot: string, studiesDir: string): string {
  const src = path.join(appRoot, 'studies/team-demo');
  const dest = path.join(studiesDir, 'xss-team');
  fs.cpSync(src, dest, { recursive: true });
  const study = YAML.parse(fs.readFileSync(path.join(dest, 'study.yaml'), 'utf8')) as Json;
  fs.writeFileSync(
    path.join(dest, 'study.yaml'),
    YAML.stringify({ ...(replaceTexts(study, TEAM_TEXT_KEYS) as object), id: 'xss-team' }),
  );
  for (const f of fs.readdirSync(path.join(dest, 'tasks'))) {
    const file = path.join(dest, 'tasks', f);
    const task = YAML.parse(fs.readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as Json;
    fs.writeFileSync(
      file,
      YAML.stringify(renameSeats(replaceTexts(task, TEAM_TEXT_KEYS)), { aliasDuplicateObjects: false }),
    );
  }
  return 'user:xss-team';
}

/** A copy of the labelling demo with payloads in every item text, speaker, definition, and a verdict item. */
export function writeXssLabellingStudy(appRoot: string, studiesDir: string): string {
  const src = path.join(appRoot, 'studies/judge-validation-demo');
  const dest = path.join(studiesDir, 'xss-labels');
  fs.cpSync(src, dest, { recursive: true });
  const study = YAML.parse(fs.readFileSync(path.join(dest, 'study.yaml'), 'utf8')) as Record<string, Json>;
  study.id = 'xss-labels';
  study.title = `Labels ${ALL_PAYLOADS}`;
  study.description = ALL_PAYLOADS;
  fs.writeFileSync(path.join(dest, 'study.yaml'), YAML.stringify(study));
  for (const f of ['items.jsonl', 'practice.jsonl']) {
    const file = path.join(dest, f);
    if (!fs.existsSync(file)) continue;
    const lines = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean);
    fs.writeFileSync(
      file,
      lines.map((l) => JSON.stringify(replaceTexts(JSON.parse(l) as Json, ITEM_TEXT_KEYS))).join('\n') + '\n',
    );
  }
  return 'user:xss-labels';
}

/** An unpacked Slack export whose channel names, purposes, topics, user names and messages carry payloads. */
export function writeXssSlackExport(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  // Folder names cannot hold '/', so channel names take the payloads without one.
  const nameable = XSS_PAYLOADS.filter((p) => !p.includes('/') && !p.includes('\u2028'));
  const channels = [
    { id: 'C0000001', name: 'general', purpose: ALL_PAYLOADS, topic: ALL_PAYLOADS },
    ...nameable.slice(0, 6).map((p, i) => ({ id: `C00001${i}0`, name: p, purpose: p, topic: p })),
  ];
  const users = XSS_PAYLOADS.slice(0, 6).map((p, i) => ({
    id: `U00000${i}`,
    name: `user${i}`,
    real_name: p,
    profile: { real_name: p, display_name: p, title: p },
  }));
  fs.writeFileSync(
    path.join(dir, 'channels.json'),
    JSON.stringify(
      channels.map((c) => ({
        id: c.id,
        name: c.name,
        created: 1704067200,
        creator: 'U000000',
        is_archived: false,
        members: users.map((u) => u.id),
        purpose: { value: c.purpose },
        topic: { value: c.topic },
      })),
    ),
  );
  fs.writeFileSync(path.join(dir, 'users.json'), JSON.stringify(users));
  const t0 = 1704153600;
  for (const c of channels) {
    fs.mkdirSync(path.join(dir, c.name), { recursive: true });
    const messages = XSS_PAYLOADS.map((p, i) => ({
      type: 'message',
      user: users[i % users.length]!.id,
      text: `payload ${i + 1}: ${p}`,
      ts: `${t0 + i * 60}.000100`,
      ...(i % 5 === 0
        ? {
            attachments: [
              { fallback: p, title: p, text: p, pretext: p, title_link: `javascript:__xss(${i + 1})` },
            ],
          }
        : {}),
      ...(i % 7 === 0 ? { files: [{ id: `F${i}`, name: p, title: p, mimetype: 'text/plain' }] } : {}),
      ...(i % 9 === 0 ? { thread_ts: `${t0}.000100`, reply_count: 0 } : {}),
    }));
    messages.push({
      type: 'message',
      subtype: 'file_comment',
      user: users[0]!.id,
      text: ALL_PAYLOADS,
      ts: `${t0 + 9999}.000100`,
    } as (typeof messages)[number]);
    fs.writeFileSync(path.join(dir, c.name, '2024-01-02.json'), JSON.stringify(messages));
  }
  return dir;
}
