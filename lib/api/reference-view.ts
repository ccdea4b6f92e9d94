// The API reference page (/api/v1/reference) reads the OpenAPI document through this: each
// operation with its parameters, body, example and answers, and each schema as rows of fields,
// ready to print as the portal's own tables. No browser code and no outside address: the page is
// plain HTML from the portal's server.

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
  propertyNames?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  example?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type MediaType = { schema?: Schema; example?: unknown };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
};
export type OpenApiLike = {
  info: { title: string; version: string; description?: string; license?: { name: string; url?: string } };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, { type: string; scheme?: string; description?: string }> };
};

/** A type in words, with the schema it names when it is a reference (`Deadline`). */
export type TypeText = { text: string; ref?: string };
export type FieldRow = { path: string; name: string; depth: number; type: TypeText; required: boolean; description?: string };
export type ParameterView = { name: string; in: string; required: boolean; type: TypeText; description?: string; example?: string };
export type ResponseView = { status: string; description: string; mediaType?: string; type?: TypeText };
export type OperationView = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  /** Whether a token is needed (false: public). */
  tokenNeeded: boolean;
  parameters: ParameterView[];
  body?: { required: boolean; mediaType: string; type: TypeText; example?: string };
  responses: ResponseView[];
};
export type ReferenceView = {
  title: string;
  version: string;
  description?: string;
  license?: { name: string; url?: string };
  server?: string;
  authentication: { name: string; text: string }[];
  groups: { tag: string; description?: string; operations: OperationView[] }[];
  schemas: { name: string; description?: string; rows: FieldRow[] }[];
};

const refName = (ref: string) => ref.split('/').pop() ?? ref;

function withNull(schema: Schema): { nullable: boolean; types: string[] } {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return { nullable: types.includes('null'), types: types.filter((t) => t !== 'null') };
}

/** A schema's type in a few words: `string (uuid) or null`, `array of PlanSummary`, `one of: approved, disapproved`. */
export function describeType(schema: Schema | undefined): TypeText {
  if (!schema) return { text: 'any' };
  if (schema.$ref) return { text: refName(schema.$ref), ref: refName(schema.$ref) };
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const parts = alternatives.map(describeType);
    const ref = parts.find((p) => p.ref)?.ref;
    return { text: parts.map((p) => p.text).join(' or '), ...(ref ? { ref } : {}) };
  }
  if (schema.allOf?.length === 1) return describeType(schema.allOf[0]);
  const { nullable, types } = withNull(schema);
  const orNull = nullable ? ' or null' : '';
  if (schema.enum) {
    const values = schema.enum.filter((v) => v !== null).map((v) => String(v));
    return { text: `one of: ${values.join(', ')}${orNull}` };
  }
  if (schema.const !== undefined) return { text: `always ${JSON.stringify(schema.const)}` };
  const base = types[0];
  if (base === 'array') {
    const item = describeType(schema.items);
    return { text: `array of ${item.text}${orNull}`, ...(item.ref ? { ref: item.ref } : {}) };
  }
  if (base === 'object' && !schema.properties && schema.propertyNames) {
    const value = typeof schema.additionalProperties === 'object' ? describeType(schema.additionalProperties).text : 'any';
    return { text: `object: ${describeType(schema.propertyNames).text} → ${value}${orNull}` };
  }
  const detail = [schema.format, schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$' ? 'YYYY-MM-DD' : undefined].filter(Boolean).join(', ');
  const bounds = [
    schema.minimum !== undefined ? `at least ${schema.minimum}` : undefined,
    schema.maximum !== undefined ? `at most ${schema.maximum}` : undefined,
    schema.maxLength !== undefined ? `at most ${schema.maxLength} characters` : undefined,
  ].filter(Boolean);
  return { text: `${base ?? 'any'}${detail ? ` (${detail})` : ''}${bounds.length ? `, ${bounds.join(', ')}` : ''}${orNull}` };
}

/** The fields of an object schema, nested objects indented under their field; references stay links. */
export function fieldRows(schema: Schema | undefined, depth = 0, prefix = ''): FieldRow[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).flatMap(([name, prop]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const row: FieldRow = { path, name, depth, type: describeType(prop), required: required.has(name), ...(prop.description ? { description: prop.description } : {}) };
    const inner = prop.properties ? prop : prop.type === 'array' || (Array.isArray(prop.type) && prop.type.includes('array')) ? prop.items : undefined;
    return [row, ...(inner && !inner.$ref ? fieldRows(inner, depth + 1, path) : [])];
  });
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

function operationView(path: string, method: string, op: Operation): OperationView {
  const body = op.requestBody?.content ? Object.entries(op.requestBody.content)[0] : undefined;
  return {
    id: op.operationId ?? `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    summary: op.summary ?? path,
    ...(op.description ? { description: op.description } : {}),
    tokenNeeded: (op.security ?? []).some((requirement) => Object.keys(requirement).length > 0),
    parameters: (op.parameters ?? []).map((p) => ({
      name: p.name,
      in: p.in,
      required: Boolean(p.required),
      type: describeType(p.schema),
      ...(p.description ?? p.schema?.description ? { description: p.description ?? p.schema?.description } : {}),
      ...(p.schema?.example !== undefined ? { example: String(p.schema.example) } : {}),
    })),
    ...(body
      ? { body: { required: Boolean(op.requestBody?.required), mediaType: body[0], type: describeType(body[1].schema), ...(body[1].example !== undefined ? { example: json(body[1].example) } : {}) } }
      : {}),
    responses: Object.entries(op.responses ?? {}).map(([status, r]) => {
      const media = r.content ? Object.entries(r.content)[0] : undefined;
      return { status, description: r.description ?? '', ...(media ? { mediaType: media[0], type: describeType(media[1].schema) } : {}) };
    }),
  };
}

export function referenceView(doc: OpenApiLike): ReferenceView {
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ tag: op.tags?.[0] ?? 'Other', view: operationView(path, method, op) })),
  );
  const tags = [...(doc.tags ?? []).map((t) => t.name), ...operations.map((o) => o.tag)].filter((t, i, all) => all.indexOf(t) === i);
  return {
    title: doc.info.title,
    version: doc.info.version,
    ...(doc.info.description ? { description: doc.info.description } : {}),
    ...(doc.info.license ? { license: doc.info.license } : {}),
    ...(doc.servers?.[0] ? { server: doc.servers[0].url } : {}),
    authentication: Object.entries(doc.components?.securitySchemes ?? {}).map(([name, s]) => ({
      name,
      text: `${s.type === 'http' && s.scheme === 'bearer' ? 'Authorization: Bearer <token>' : s.type}${s.description ? `: ${s.description}` : ''}`,
    })),
    groups: tags
      .map((tag) => {
        const description = doc.tags?.find((t) => t.name === tag)?.description;
        return { tag, ...(description ? { description } : {}), operations: operations.filter((o) => o.tag === tag).map((o) => o.view) };
      })
      .filter((g) => g.operations.length > 0),
    schemas: Object.entries(doc.components?.schemas ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, schema]) => ({ name, ...(schema.description ? { description: schema.description } : {}), rows: fieldRows(schema) })),
  };
}
