import type { z } from 'zod';

type Project = (value: unknown) => unknown;

/**
 * A projection that keeps, at every depth, only the keys a zod schema names: what `schema.parse` does to an
 * object built by our own code, without checking each value again. The host projects every participant answer
 * (a whole seat view) this way on each call, where a full parse was a tenth of its time with 20 people at once.
 *
 * Objects, arrays, records, optional and nullable are walked; any other kind of schema (unions, pipes, lazy)
 * falls back to its own parse, so a shape this walker does not know is still projected by zod.
 */
export function projectionOf(schema: z.ZodType): Project {
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  switch (def.type) {
    case 'object': {
      const fields = Object.entries(def.shape ?? {}).map(([key, field]) => [key, projectionOf(field)] as const);
      return (value) => {
        if (!isPlainObject(value)) return schema.parse(value);
        const out: Record<string, unknown> = {};
        for (const [key, project] of fields) if (value[key] !== undefined) out[key] = project(value[key]);
        return out;
      };
    }
    case 'array': {
      const element = projectionOf(def.element!);
      return (value) => (Array.isArray(value) ? value.map(element) : schema.parse(value));
    }
    case 'record': {
      const entry = projectionOf(def.valueType!);
      return (value) => {
        if (!isPlainObject(value)) return schema.parse(value);
        const out: Record<string, unknown> = {};
        for (const [key, v] of Object.entries(value)) out[key] = entry(v);
        return out;
      };
    }
    case 'optional': {
      const inner = projectionOf(def.innerType!);
      return (value) => (value === undefined ? undefined : inner(value));
    }
    case 'nullable': {
      const inner = projectionOf(def.innerType!);
      return (value) => (value === null ? null : inner(value));
    }
    case 'string':
    case 'number':
    case 'boolean':
    case 'enum':
    case 'literal':
      // A value of its own: nothing inside it to leave out.
      return (value) => (value !== null && typeof value === 'object' ? schema.parse(value) : value);
    default:
      return (value) => schema.parse(value);
  }
}

interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
