import type { Readable } from 'node:stream';
import type { Queryable } from '../../platform/db/database.js';
import { readRelaySet } from '../relay/relay-set.js';
import type { RelayedListing } from '../relay/relay-feed.js';
import { passerelleZip } from './passerelle-zip.js';
import { polirisFieldsOf } from './write-listing.js';

async function* polirisLines(listings: AsyncIterable<RelayedListing>): AsyncGenerator<string[]> {
  for await (const listing of listings) yield polirisFieldsOf(listing);
}

/**
 * The relayed set as a passerelle ZIP (docs/interfaces.md, "The partner relay"), streamed: any
 * French portal takes it as it takes an agency's file. Destroying the stream stops the reads.
 */
export const relaySetAsPasserelle = (db: Queryable): Readable => passerelleZip(polirisLines(readRelaySet(db)));
