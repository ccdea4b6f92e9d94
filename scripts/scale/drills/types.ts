// The shape every drill reports in: what it did and what it found, and whether what it found is
// what the portal promises.
export type DrillReport = {
  name: string;
  did: string[];
  found: string[];
  ok: boolean;
};

export type DrillOptions = {
  /** A PostgreSQL database the drill may fill and change (migrated, demo data loaded). */
  databaseUrl: string;
  /** Progress lines, printed as the drill goes. */
  log: (line: string) => void;
};

export type Drill = (options: DrillOptions) => Promise<DrillReport>;
