/**
 * firebase/app exports Firebase's component registry (`_addComponent`, `_getProvider`, as @firebase/app does),
 * which every Firebase SDK uses to find the others, but its public typings leave it out. These are its
 * declarations from @firebase/app's full typings (dist/app.d.ts), for lib/firebase.ts to register the app's
 * Auth session as `auth-internal` (ADR 0034). The interop types name the components.
 */
import type {} from '@firebase/app-check-interop-types';
import type {} from '@firebase/auth-interop-types';
import type { Component, Name, Provider } from '@firebase/component';

declare module 'firebase/app' {
  export function _addComponent<T extends Name>(app: FirebaseApp, component: Component<T>): void;
  export function _getProvider<T extends Name>(app: FirebaseApp, name: T): Provider<T>;
}
