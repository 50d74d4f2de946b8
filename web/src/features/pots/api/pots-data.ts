/**
 * The live pot collections (SPEC section 7 'Realtime document store'): trading_pots newest first, one pot by
 * id, a pot's participants, the user's own joins (my-pots) and the operator's Auto-Trada switch. Stored
 * documents are parsed with core's zod schemas in the converters: one that does not match is left out (a
 * list) or reads as missing (one document) instead of breaking the screen. Loads the Firestore SDK (lazy routes only).
 */
import {
  collection,
  doc,
  orderBy,
  query,
  where,
  type DocumentReference,
  type FirestoreDataConverter,
  type Query,
} from 'firebase/firestore';
import type { z } from 'zod/mini';
import {
  autoTradaConfigSchema,
  myPotSchema,
  potParticipantSchema,
  tradingPotSchema,
  type MyPot,
  type PotParticipant,
  type TradingPot,
} from '@punter/core/api/pots';
import { db } from '@/lib/firestore';

export type { MyPot, PotParticipant, TradingPot };
export type AutoTradaConfig = z.infer<typeof autoTradaConfigSchema>;
export type WithId<T> = T & { docId: string };

/** A read-only converter that parses with `schema` (null when the document does not match). */
function converter<S extends z.ZodMiniType>(schema: S, withId = false): FirestoreDataConverter<WithId<z.output<S>> | null> {
  return {
    toFirestore() {
      // Pots are written by the provider only (joinPot, admin calls); the rules refuse client writes.
      throw new Error('pot documents are written by the provider');
    },
    fromFirestore(snapshot, options) {
      const data = snapshot.data({ ...options, serverTimestamps: 'estimate' });
      const parsed = schema.safeParse(withId ? { ...data, id: snapshot.id } : data);
      return parsed.success ? ({ ...(parsed.data as object), docId: snapshot.id } as WithId<z.output<S>>) : null;
    },
  };
}

const potConverter = converter(tradingPotSchema, true);
const participantConverter = converter(potParticipantSchema);
const myPotConverter = converter(myPotSchema);
const configConverter = converter(autoTradaConfigSchema);

export function potsQuery(): Query<WithId<TradingPot> | null> {
  return query(collection(db, 'trading_pots').withConverter(potConverter), orderBy('timestamp', 'desc'));
}

export function potRef(id: string): DocumentReference<WithId<TradingPot> | null> {
  return doc(db, 'trading_pots', id).withConverter(potConverter);
}

export function participantsQuery(potId: string): Query<WithId<PotParticipant> | null> {
  return query(
    collection(db, 'pot_participants').withConverter(participantConverter),
    where('pot_id', '==', potId),
    orderBy('timestamp', 'desc'),
  );
}

/** The user's own joins (owner-only rules: the query must filter on user_id). */
export function myPotsQuery(userId: string): Query<WithId<MyPot> | null> {
  return query(collection(db, 'my-pots').withConverter(myPotConverter), where('user_id', '==', userId));
}

export function autoTradaConfigRef(): DocumentReference<WithId<AutoTradaConfig> | null> {
  return doc(db, 'app_config', 'auto_trada').withConverter(configConverter);
}

/** Drops documents the converter could not parse. */
export function present<T>(items: ReadonlyArray<T | null>): T[] {
  return items.filter((item): item is T => item !== null);
}
