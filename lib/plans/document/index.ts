// The plan document's pure parts (types, words, the diff, the snapshot reader), safe for any
// module; the database reader is read-filed.ts (server only).
export * from './types';
export { draftForOriginal, draftFromDocument, contentOf } from './draft';
export { diffDocuments, words as changeWords, type DiffOptions } from './diff';
export { buildSnapshot, readSnapshot, SNAPSHOT_VERSION, SnapshotUnreadable, type SnapshotV1, type SnapshotReading } from './snapshot';
export { newRowKey, newUuid } from './ids';
