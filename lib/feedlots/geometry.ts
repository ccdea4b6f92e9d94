import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import distance from '@turf/distance';
import { lineString, point, polygon } from '@turf/helpers';
import pointToLineDistance from '@turf/point-to-line-distance';
import type { FootprintPolygon } from '@/db/schema/feedlots';

// Iowa Code 459A.103(7): distances between structures are measured between their closest points. A
// structure is its footprint where one is drawn, else its point. Geodesic (haversine) via turf.

export type Located = { latitude: number; longitude: number; footprint: FootprintPolygon | null };

const FEET_PER_METRE = 1 / 0.3048;

function ringOf(s: Located): [number, number][] | null {
  const ring = s.footprint?.coordinates?.[0];
  return ring && ring.length >= 4 ? (ring as [number, number][]) : null;
}

/** Feet from a position to a structure: 0 inside its footprint, else to the nearest edge or its point. */
function pointToStructureFt(pos: [number, number], s: Located): number {
  const ring = ringOf(s);
  const p = point(pos);
  if (!ring) return distance(p, point([s.longitude, s.latitude]), { units: 'meters' }) * FEET_PER_METRE;
  if (booleanPointInPolygon(p, polygon([ring]))) return 0;
  return pointToLineDistance(p, lineString(ring), { units: 'meters', method: 'geodesic' }) * FEET_PER_METRE;
}

type P = [number, number];
const cross = (o: P, a: P, b: P) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Whether two outlines' edges cross (planar test; at a farm's scale the curvature does not matter). */
function edgesCross(r: P[], s: P[]): boolean {
  for (let i = 0; i + 1 < r.length; i++) {
    for (let j = 0; j + 1 < s.length; j++) {
      const [p1, p2, q1, q2] = [r[i] as P, r[i + 1] as P, s[j] as P, s[j + 1] as P];
      const d1 = cross(q1, q2, p1);
      const d2 = cross(q1, q2, p2);
      const d3 = cross(p1, p2, q1);
      const d4 = cross(p1, p2, q2);
      if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
    }
  }
  return false;
}

/**
 * Closest-point distance in feet between two structures. Outlines that do not cross are nearest at a
 * corner of one (to the other's edge, or inside it), so every corner is checked both ways; crossing, 0.
 */
export function closestDistanceFt(a: Located, b: Located): number {
  const cornersA = ringOf(a) ?? [[a.longitude, a.latitude] as [number, number]];
  const cornersB = ringOf(b) ?? [[b.longitude, b.latitude] as [number, number]];
  if (cornersA.length > 1 && cornersB.length > 1 && edgesCross(cornersA, cornersB)) return 0;
  let best = Infinity;
  for (const c of cornersA) best = Math.min(best, pointToStructureFt(c, b));
  for (const c of cornersB) best = Math.min(best, pointToStructureFt(c, a));
  return best;
}

/** A distance as shown: whole feet. */
export function feetWords(feet: number): string {
  return `${Math.round(feet).toLocaleString('en-US')} feet`;
}
