// Shared by main and the preload bundle: one place names the IPC channels.
export const methodChannel = (name: string) => `teamseat:call:${name}`;
export const EVENT_CHANNEL = 'teamseat:event';
