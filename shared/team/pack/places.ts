import { formatPath } from '../../problems.js';
import type { TaskVersion, TeamTask } from './schema.js';

/**
 * Where in the task file a part of a resolved version was written: in the base task or in the
 * version's override. Lets a cross-reference problem point at the line the author must change.
 */
export interface Places {
  seat(name: string, ...rest: PropertyKey[]): string;
  workspace(key: string, ...rest: PropertyKey[]): string;
  checker(...rest: PropertyKey[]): string;
  inherited(...rest: PropertyKey[]): string;
  dealForm(...rest: PropertyKey[]): string;
}

export function placesOf(task: TeamTask, version: TaskVersion): Places {
  const override = task.versions[version];
  return {
    seat(name, ...rest) {
      const patchIndex = override.seats.findIndex((p) => p.name === name);
      const patch = override.seats[patchIndex];
      const baseIndex = task.seats.findIndex((s) => s.name === name);
      const key = rest[0];
      const fromPatch = patch !== undefined && (baseIndex < 0 || (typeof key === 'string' && key in patch));
      return fromPatch
        ? formatPath(['versions', version, 'seats', patchIndex, ...rest])
        : formatPath(['seats', baseIndex, ...rest]);
    },
    workspace(key, ...rest) {
      const fromPatch = override.workspace !== undefined && key in override.workspace;
      return formatPath(fromPatch ? ['versions', version, 'workspace', key, ...rest] : ['workspace', key, ...rest]);
    },
    checker(...rest) {
      return formatPath(override.checker ? ['versions', version, 'checker', ...rest] : ['checker', ...rest]);
    },
    inherited(...rest) {
      return formatPath(override.inherited ? ['versions', version, 'inherited', ...rest] : ['inherited', ...rest]);
    },
    dealForm(...rest) {
      return formatPath(override.deal_form ? ['versions', version, 'deal_form', ...rest] : ['deal_form', ...rest]);
    },
  };
}
