import { z } from 'zod';
import { STRUCTURE_KINDS } from '@/db/schema/feedlots';
import { ANIMAL_CATEGORY_IDS } from '@/lib/rules/animal-categories';
import { numberField, optionalDate, optionalText, requiredText } from './operations';

// The form for one structure of an operation (Iowa Code 459A.103): where it is, the dates that make it
// "constructed" (2), and whether it is abandoned (6). Used by the client resolver and the server action.

/** Iowa, roughly: a location outside this box is a typing slip (a swapped sign, latitude for longitude). */
export const IOWA_BOUNDS = { minLat: 40.37, maxLat: 43.51, minLon: -96.64, maxLon: -90.14 } as const;
export const OUTSIDE_IOWA = 'This point is outside Iowa. Check the numbers: Iowa lies between latitude 40.37 and 43.51 and longitude -96.64 and -90.14 (west is negative).';

export const STRUCTURE_KIND_LABELS: Record<(typeof STRUCTURE_KINDS)[number], string> = {
  confinement_building: 'Confinement building',
  open_feedlot_lot: 'Open feedlot (lot)',
  settled_effluent_basin: 'Settled open feedlot effluent basin',
  solids_settling_facility: 'Solids settling facility',
  animal_truck_wash: 'Animal truck wash facility',
};

export function insideIowa(lat: number, lon: number): boolean {
  return lat >= IOWA_BOUNDS.minLat && lat <= IOWA_BOUNDS.maxLat && lon >= IOWA_BOUNDS.minLon && lon <= IOWA_BOUNDS.maxLon;
}

export type FootprintResult = { ok: true; ring: [number, number][] | null } | { ok: false; message: string };

/**
 * A footprint as typed: one corner per line, "latitude, longitude", the last line the same as the first
 * so the outline closes. Returns the ring as GeoJSON positions [longitude, latitude]; null when blank.
 */
export function parseFootprint(text: string | undefined): FootprintResult {
  const lines = (text ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (!lines.length) return { ok: true, ring: null };
  const ring: [number, number][] = [];
  for (const [i, line] of lines.entries()) {
    const parts = line.split(/[,\s]+/).filter(Boolean).map(Number);
    if (parts.length !== 2 || parts.some((n) => !Number.isFinite(n))) {
      return { ok: false, message: `Line ${i + 1} of the footprint is not a corner: write “latitude, longitude”, for example 43.1012, -96.1604` };
    }
    const [lat, lon] = parts as [number, number];
    if (!insideIowa(lat, lon)) return { ok: false, message: `Corner ${i + 1} of the footprint is outside Iowa. ${OUTSIDE_IOWA.split('. ')[1]}` };
    ring.push([lon, lat]);
  }
  const tooFew = { ok: false as const, message: 'A footprint needs at least three corners, and the first corner again on the last line to close it' };
  if (ring.length < 3) return tooFew;
  const [first, last] = [ring[0] as [number, number], ring[ring.length - 1] as [number, number]];
  if (first[0] !== last[0] || first[1] !== last[1]) {
    return { ok: false, message: 'The footprint does not close: repeat the first corner on the last line' };
  }
  if (ring.length < 4) return tooFew;
  return { ok: true, ring };
}

const checkbox = z.preprocess((v) => v === true || v === 'true' || v === 'on', z.boolean());

/** The form's schema; `today` (the portal's Iowa date) bounds every date. */
export function structureSchema(today: string) {
  const pastDate = (label: string) =>
    optionalDate('Enter the date as month, day and year').refine((d) => d === undefined || d <= today, `The date ${label} cannot be after today`);
  return z
    .object({
      operationId: z.string().uuid('This operation could not be found'),
      structureId: z.preprocess((v) => (v === '' ? undefined : v), z.string().uuid().optional()),
      kind: z.enum(STRUCTURE_KINDS, { error: 'Choose what kind of structure this is' }),
      name: requiredText('Give the structure a name, for example “North lot”', 1, 120),
      latitude: numberField('Enter the latitude, for example 43.1012').pipe(z.number().min(-90, 'A latitude is between -90 and 90').max(90, 'A latitude is between -90 and 90')),
      longitude: numberField('Enter the longitude, for example -96.1604').pipe(z.number().min(-180, 'A longitude is between -180 and 180').max(180, 'A longitude is between -180 and 180')),
      footprint: optionalText(4000),
      excavationOn: pastDate('excavation began'),
      formsInstalledOn: pastDate('concrete forms were installed'),
      pipingInstalledOn: pastDate('effluent piping was installed'),
      abandoned: checkbox,
      abandonedOn: pastDate('it was abandoned'),
      // A confinement building's animals (459A.103(3)"a"): both or neither.
      animalCategory: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.enum(ANIMAL_CATEGORY_IDS, { error: 'Choose the kind of animals kept in the building' }).optional()),
      headAtCapacity: z.preprocess(
        (v) => (v === '' || v == null ? undefined : typeof v === 'string' ? Number(v.replace(/,/g, '')) : v),
        z.number({ error: 'Enter the number of head as a whole number, for example 2400' }).int('Enter the number of head as a whole number, for example 2400').min(0, 'The number of head cannot be below 0').max(1_000_000, 'Check the number of head: it is more than 1,000,000').optional(),
      ),
    })
    .superRefine((v, ctx) => {
      if (!insideIowa(v.latitude, v.longitude)) ctx.addIssue({ code: 'custom', path: ['latitude'], message: OUTSIDE_IOWA });
      const footprint = parseFootprint(v.footprint);
      if (!footprint.ok) ctx.addIssue({ code: 'custom', path: ['footprint'], message: footprint.message });
      if (v.kind === 'confinement_building' && (v.animalCategory === undefined) !== (v.headAtCapacity === undefined)) {
        const path = v.animalCategory === undefined ? 'animalCategory' : 'headAtCapacity';
        ctx.addIssue({ code: 'custom', path: [path], message: path === 'animalCategory' ? 'Choose the kind of animals kept in the building, or clear the number of head' : 'Enter the number of head the building holds, or clear the kind of animals' });
      }
      if (v.abandonedOn && !v.abandoned) ctx.addIssue({ code: 'custom', path: ['abandoned'], message: 'Tick “abandoned” if the structure was abandoned on that date, or clear the date' });
    });
}

export type StructureInput = z.infer<ReturnType<typeof structureSchema>>;

export const effluentSystemSchema = z.object({
  operationId: z.string().uuid('This operation could not be found'),
  effluentSystemLabel: optionalText(120),
});
