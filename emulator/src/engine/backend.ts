/**
 * The emulator's database engine: createBackend() returns a FirestoreBackend (see ../contract.ts)
 * plus close() and stats(). Transports (server/) call it with canonical proto3-JSON messages.
 */
import type {
  Authorizer,
  BidiMethod,
  BidiStream,
  Caller,
  FirestoreBackend,
  JsonObject,
  ServerStreamMethod,
  StreamSink,
  UnaryMethod,
} from '../contract';
import { Code, RpcError } from '../contract';

export interface BackendOptions {
  /** Directory for the write-ahead log and snapshots; without it the state lives in memory only. */
  dataDir?: string;
  /** Commit clock in nanoseconds since the epoch (tests); commit times stay strictly increasing. */
  clock?: () => bigint;
}

export interface BackendStats {
  documents: number;
  databases: number;
  listenTargets: number;
  openTransactions: number;
  commits: number;
}

export interface EngineBackend extends FirestoreBackend {
  /** Flushes persistence and releases timers and files. */
  close(): Promise<void>;
  stats(): BackendStats;
}

export function createBackend(_options: BackendOptions = {}): EngineBackend {
  const unimplemented = (): never => {
    throw new RpcError(Code.UNIMPLEMENTED, 'Not implemented yet');
  };
  return {
    unary(_method: UnaryMethod, _request: JsonObject, _caller: Caller): Promise<JsonObject> {
      return Promise.reject(new RpcError(Code.UNIMPLEMENTED, 'Not implemented yet'));
    },
    serverStream(_method: ServerStreamMethod, _request: JsonObject, _caller: Caller): Promise<JsonObject[]> {
      return Promise.reject(new RpcError(Code.UNIMPLEMENTED, 'Not implemented yet'));
    },
    openStream(_method: BidiMethod, _caller: Caller, _sink: StreamSink): BidiStream {
      return unimplemented();
    },
    clear(_database: string): void {},
    setAuthorizer(_authorize: Authorizer | null): void {},
    close(): Promise<void> {
      return Promise.resolve();
    },
    stats(): BackendStats {
      return { documents: 0, databases: 0, listenTargets: 0, openTransactions: 0, commits: 0 };
    },
  };
}
