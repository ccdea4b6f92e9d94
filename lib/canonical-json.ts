// Canonical JSON (RFC 8785, the JSON Canonicalization Scheme) for what the portal stores as JSON:
// object keys sorted by UTF-16 code units, no whitespace, strings and numbers as ECMAScript's
// JSON.stringify writes them (which is what the scheme specifies). So a document's hash is the same
// whatever key order the database hands it back in. Written here, a dozen lines, because the
// packages that do it ship as ES modules only and the portal's compiled commands load CommonJS.

/** The canonical JSON text of `value`; undefined for a value JSON cannot hold (as JSON.stringify). */
export function canonicalJson(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('Canonical JSON has no form for NaN or Infinity');
    return JSON.stringify(value);
  }
  const withJson = value as { toJSON?: () => unknown };
  if (typeof withJson.toJSON === 'function') return canonicalJson(withJson.toJSON());
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v) ?? 'null').join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .flatMap((key) => {
      const text = canonicalJson((value as Record<string, unknown>)[key]);
      return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
    });
  return `{${entries.join(',')}}`;
}
