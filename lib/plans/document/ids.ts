/**
 * A random UUID (v4). crypto.randomUUID exists only on secure pages, so a site reached over plain
 * HTTP on a farm office network falls back to getRandomValues, which every browser has.
 */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A fresh key for a row added in the form (fields, agreements, stockpiles). */
export const newRowKey = newUuid;
