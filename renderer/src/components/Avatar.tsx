const palette = ['#2e7d5b', '#1264a3', '#8a5a00', '#7b3fa0', '#b42318', '#0b7285', '#5c6ac4'];

/** Initials on a colour picked from the name, so each teammate is recognisable at a glance. */
export function Avatar({ name, system = false }: { name: string; system?: boolean }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return (
    <span className="avatar" aria-hidden="true" style={{ background: system ? '#616061' : palette[hash % palette.length] }}>
      {system ? '⚙' : initials}
    </span>
  );
}
