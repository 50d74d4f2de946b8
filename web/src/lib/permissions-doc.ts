/**
 * The user's own `user_permissions/{uid}` document through a zod converter (stored data is not
 * guaranteed to match: a malformed document reads as null, i.e. no permissions). Loads the Firestore SDK.
 */
import { doc, type DocumentReference, type FirestoreDataConverter } from 'firebase/firestore';
import { PERMISSIONS_COLLECTION, parsePermissions, type Permissions } from '@punter/core/permissions';
import { db } from '@/lib/firestore';

const permissionsConverter: FirestoreDataConverter<Permissions | null> = {
  toFirestore() {
    // The provider writes these documents; the rules refuse any client write.
    throw new Error('user_permissions is read-only in the web app');
  },
  fromFirestore(snapshot) {
    return parsePermissions(snapshot.data());
  },
};

export function permissionsRef(uid: string): DocumentReference<Permissions | null> {
  return doc(db, PERMISSIONS_COLLECTION, uid).withConverter(permissionsConverter);
}
