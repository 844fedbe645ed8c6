/**
 * What users make and keep (docs/decisions/0119-watchlists.md): one JSON document per
 * (owner, kind, id) in the analytics store's user_records table, whose highest revision wins; a
 * deletion is a revision marked deleted. Every replica reads the same table; the gateway keeps
 * each user's assembled state in the cache (users/user-state.ts).
 */
import type { AnalyticsStore } from '@ust/platform';
import { nextRevision } from '../job-records/record-table.js';
import { parseJsonLinesInTurns } from '../json-lines-in-turns.js';

export type UserRecordKind = 'preferences' | 'watchlist' | 'watched-item' | 'alerts-seen' | 'digest-sent' | 'webhook';

export interface UserRecordDocument {
  kind: UserRecordKind;
  id: string;
  /** The document's JSON. */
  record: string;
}

/** A write: a document to keep, or (record null) one to delete. */
export interface UserRecordWrite {
  kind: UserRecordKind;
  id: string;
  record: object | null;
}

/** The live documents of these kinds one user keeps, in (kind, id) order. */
export function readUserRecords(store: AnalyticsStore, ownerId: string, kinds: readonly UserRecordKind[]): Promise<UserRecordDocument[]> {
  return store.query<UserRecordDocument>(
    `SELECT kind, id, argMax(record, revision) AS record
       FROM user_records
      WHERE owner_id = {owner:String} AND kind IN {kinds:Array(String)}
      GROUP BY kind, id
     HAVING argMax(deleted, revision) = 0
      ORDER BY kind, id`,
    { owner: ownerId, kinds: [...kinds] },
  );
}

/** Writes one user's documents in one insert, so a change of several (a list and its items) lands whole. */
export async function writeUserRecords(store: AnalyticsStore, ownerId: string, writes: readonly UserRecordWrite[]): Promise<void> {
  if (writes.length === 0) return;
  const revision = nextRevision();
  await store.insert(
    'user_records',
    writes.map(({ kind, id, record }) => ({
      owner_id: ownerId,
      kind,
      id,
      record: record === null ? '' : JSON.stringify(record),
      deleted: record === null ? 1 : 0,
      revision,
    })),
  );
}

export interface WatchCounts {
  owner_id: string;
  watchlists: number;
  facilities: number;
  places: number;
}

/** How many lists, watched facilities and watched places each user keeps: what an admin may see. */
export function countWatchedByOwner(store: AnalyticsStore): Promise<WatchCounts[]> {
  return store.query<WatchCounts>(
    `SELECT owner_id,
            toUInt32(countIf(kind = 'watchlist')) AS watchlists,
            toUInt32(countIf(kind = 'watched-item' AND JSONExtractString(record, 'kind') = 'facility')) AS facilities,
            toUInt32(countIf(kind = 'watched-item' AND JSONExtractString(record, 'kind') = 'place')) AS places
       FROM (
         SELECT owner_id, kind, id, argMax(record, revision) AS record
           FROM user_records
          WHERE kind IN ('watchlist', 'watched-item')
          GROUP BY owner_id, kind, id
         HAVING argMax(deleted, revision) = 0
       )
      GROUP BY owner_id
      ORDER BY owner_id`,
  );
}

export interface OwnedUserRecord extends UserRecordDocument {
  owner_id: string;
}

/**
 * Documents per statement when every user's are read: a statement's rows reach the event loop as
 * one piece of text, so pages keep each piece to tens of milliseconds of work.
 */
const RECORDS_PER_PAGE = 10_000;

/** Every live document of these kinds, of every user (what the alert job evaluates), in key order, a page at a time. */
export async function readUserRecordsOfKinds(store: AnalyticsStore, kinds: readonly UserRecordKind[]): Promise<OwnedUserRecord[]> {
  const records: OwnedUserRecord[] = [];
  let after: OwnedUserRecord | undefined;
  for (;;) {
    const text = await store.queryText(
      `SELECT owner_id, kind, id, argMax(record, revision) AS record
         FROM user_records
        WHERE kind IN {kinds:Array(String)} AND (owner_id, kind, id) > ({owner:String}, {kind:String}, {id:String})
        GROUP BY owner_id, kind, id
       HAVING argMax(deleted, revision) = 0
        ORDER BY owner_id, kind, id
        LIMIT {limit:UInt32}`,
      { kinds: [...kinds], owner: after?.owner_id ?? '', kind: after?.kind ?? '', id: after?.id ?? '', limit: RECORDS_PER_PAGE },
    );
    const page = await parseJsonLinesInTurns<OwnedUserRecord>(text);
    records.push(...page);
    if (page.length < RECORDS_PER_PAGE) return records;
    after = page.at(-1);
  }
}
