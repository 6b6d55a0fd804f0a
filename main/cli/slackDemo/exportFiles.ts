import { epoch, toExport, type Post, type SlackMessage } from './messages.js';
import { bot, channels, dms, mpim, people, who } from './people.js';

const json = (value: unknown) => `${JSON.stringify(value, null, 4)}\n`;
const created = (day: string) => epoch(`${day} 08:00`);

function usersJson(): unknown[] {
  return [
    ...people.map((p) => ({
      id: p.id,
      team_id: 'T06AEROLAB',
      name: p.name,
      deleted: false,
      real_name: p.realName,
      tz: 'Europe/Oslo',
      tz_label: 'Central European Time',
      tz_offset: 3600,
      is_admin: p.key === 'maya',
      is_bot: false,
      profile: {
        title: p.title,
        real_name: p.realName,
        display_name: p.name,
        first_name: p.realName.split(' ')[0],
        last_name: p.realName.split(' ').slice(1).join(' '),
        email: p.email,
      },
    })),
    {
      id: bot.userId, team_id: 'T06AEROLAB', name: bot.name, deleted: false, real_name: bot.realName, is_bot: true,
      profile: { real_name: bot.realName, display_name: bot.name, bot_id: bot.botId, title: '' },
    },
  ];
}

function channelsJson(): unknown[] {
  return channels.map((c) => ({
    id: c.id,
    name: c.name,
    created: created(c.created),
    creator: who(c.creator).id,
    is_archived: c.archived === true,
    is_general: c.name === 'general',
    members: c.members.map((m) => who(m).id),
    topic: { value: c.topic, creator: c.topic ? who(c.creator).id : '', last_set: c.topic ? created(c.created) : 0 },
    purpose: { value: c.purpose, creator: who(c.creator).id, last_set: created(c.created) },
  }));
}

/** The metadata files of the export. */
export function metadataFiles(): Record<string, string> {
  return {
    'users.json': json(usersJson()),
    'channels.json': json(channelsJson()),
    'dms.json': json(dms.map((d) => ({ id: d.id, created: created('2024-09-02'), members: d.members.map((m) => who(m).id) }))),
    'mpims.json': json([
      {
        id: mpim.id, name: mpim.name, created: created('2024-09-02'), creator: who('maya').id, is_archived: false,
        is_mpim: true, members: mpim.members.map((m) => who(m).id),
        topic: { value: '', creator: '', last_set: 0 }, purpose: { value: 'Group messaging', creator: who('maya').id, last_set: 0 },
      },
    ]),
  };
}

export function dayFiles(posts: readonly Post[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [folder, days] of toExport(posts)) {
    for (const [day, messages] of days) files[`${folder}/${day}.json`] = json(messages);
  }
  return files;
}

/** Day files that differ once `extra` posts are added after `base`: the variant's overrides, each a whole day file. */
export function variantFiles(base: readonly Post[], extra: readonly Post[]): Record<string, string> {
  const before = dayFiles(base);
  const after = dayFiles([...base, ...extra]);
  return Object.fromEntries(Object.entries(after).filter(([file, content]) => before[file] !== content));
}

export function allMessages(files: Record<string, string>): SlackMessage[] {
  return Object.entries(files)
    .filter(([file]) => /\/\d{4}-\d{2}-\d{2}\.json$/.test(file))
    .flatMap(([, content]) => JSON.parse(content) as SlackMessage[]);
}
