import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { methodNames } from '../../shared/contract/methods.js';
import { EVENT_CHANNEL, methodChannel } from './channels.js';

// One named object derived from the contract: a function per method and a subscribe that returns its
// own unsubscribe. ipcRenderer itself never reaches the page.
const calls = Object.fromEntries(
  methodNames.map((name) => [name, (args: unknown) => ipcRenderer.invoke(methodChannel(name), args)]),
);

contextBridge.exposeInMainWorld('teamseat', {
  host: 'electron',
  call: calls,
  onEvent(listener: (event: unknown) => void): () => void {
    const wrapped = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
  },
});
