/**
 * One port for gRPC (HTTP/2 cleartext with prior knowledge) and HTTP/1.1: a net.Server reads the first
 * bytes of every connection; the HTTP/2 preface goes to the gRPC service (grpc-h2.ts), everything else to the
 * http.Server.
 */
import { createServer as createHttpServer } from 'node:http';
import type { Socket } from 'node:net';
import { createServer as createNetServer } from 'node:net';
import type { Authorizer, FirestoreBackend, RulesIssue } from '../contract';
import { compileRules } from '../rules/index';
import { createGrpcConnections } from './grpc-h2';
import { createHttpHandler } from './http';
import { WebChannelServer } from './webchannel';

const PREFACE = Buffer.from('PRI * HTTP/2.0');

export interface RulesFile {
  name?: string;
  content: string;
}

export interface ListeningServer {
  host: string;
  port: number;
  /**
   * Compiles rules; installs them when they compile, else keeps the previous ones. With a project id they
   * judge that project only (the rules endpoint); without, they are the default for every project that has
   * no rules of its own (start() / --rules).
   */
  loadRules(files: RulesFile[], project?: string): { ok: boolean; issues: RulesIssue[] };
  /** Installs the default rules decision directly (null = no default rules: projects without rules allow all). */
  setAuthorizer(authorize: Authorizer | null): void;
  close(): Promise<void>;
}

/** A decision that denies every client access (used when the first rules file does not compile). */
export function denyAll(reason: string): Authorizer {
  return () => ({ allowed: false, message: reason });
}

export function compileFiles(files: RulesFile[]): { ok: true; authorize: Authorizer } | { ok: false; issues: RulesIssue[] } {
  const file = files[0];
  if (!file) {
    return { ok: false, issues: [{ sourcePosition: { line: 1, column: 1 }, description: 'No rules file', severity: 'ERROR' }] };
  }
  try {
    const result = compileRules(file.content, file.name);
    return result;
  } catch (err) {
    return {
      ok: false,
      issues: [
        {
          sourcePosition: { ...(file.name === undefined ? {} : { fileName: file.name }), line: 1, column: 1 },
          description: `rules engine not available: ${err instanceof Error ? err.message : String(err)}`,
          severity: 'ERROR',
        },
      ],
    };
  }
}

const ALLOW_ALL: Authorizer = () => ({ allowed: true });

/**
 * Rules per project id, as the official emulator keeps them: a project's own rules (loaded through the rules
 * endpoint), else the default rules (start() / --rules), else none (every access allowed, as without rules).
 */
class ProjectRules {
  private readonly byProject = new Map<string, Authorizer>();
  private fallback: Authorizer | null = null;

  constructor(private readonly backend: FirestoreBackend) {}

  set(project: string | undefined, authorize: Authorizer | null): void {
    if (project === undefined) this.fallback = authorize;
    else if (authorize === null) this.byProject.delete(project);
    else this.byProject.set(project, authorize);
    this.install();
  }

  private install(): void {
    if (this.byProject.size === 0) {
      this.backend.setAuthorizer(this.fallback);
      return;
    }
    const byProject = this.byProject;
    const fallback = this.fallback ?? ALLOW_ALL;
    this.backend.setAuthorizer((req) => {
      // req.database is 'projects/{p}/databases/{d}'.
      const project = req.database.slice(9, req.database.indexOf('/', 9));
      return (byProject.get(project) ?? fallback)(req);
    });
  }
}

export async function listen(backend: FirestoreBackend, host: string, port: number): Promise<ListeningServer> {
  const webchannel = new WebChannelServer(backend);
  const rules = new ProjectRules(backend);
  const loadRules = (files: RulesFile[], project?: string): { ok: boolean; issues: RulesIssue[] } => {
    const result = compileFiles(files);
    if (result.ok) {
      rules.set(project, result.authorize);
      return { ok: true, issues: [] };
    }
    return { ok: false, issues: result.issues };
  };
  const httpServer = createHttpServer(
    { keepAliveTimeout: 65_000, requestTimeout: 0, headersTimeout: 60_000 },
    createHttpHandler({ backend, webchannel, rules: { load: loadRules } }),
  );
  httpServer.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  const grpcConnections = createGrpcConnections(backend);
  const sockets = new Set<Socket>();

  // noDelay: without it Nagle's algorithm holds small responses back until the peer's delayed ACK (~40 ms).
  const netServer = createNetServer({ noDelay: true, keepAlive: true }, (socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      head = Buffer.concat([head, chunk]);
      const n = Math.min(head.length, PREFACE.length);
      const isH2 = head.subarray(0, n).equals(PREFACE.subarray(0, n));
      if (isH2 && head.length < PREFACE.length) return; // wait for more bytes
      socket.off('data', onData);
      socket.pause();
      socket.unshift(head);
      if (isH2) {
        // http2 reads what is already buffered on the next tick: do not resume (that would drop it).
        grpcConnections.accept(socket);
      } else {
        httpServer.emit('connection', socket);
        socket.resume();
      }
    };
    socket.on('data', onData);
  });
  netServer.on('error', () => undefined);

  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    netServer.once('error', onError);
    netServer.listen(port, host, () => {
      netServer.off('error', onError);
      resolve();
    });
  });
  const address = netServer.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;

  let closing: Promise<void> | undefined;
  return {
    host,
    port: boundPort,
    loadRules,
    setAuthorizer: (a) => rules.set(undefined, a),
    close() {
      closing ??= (async () => {
        webchannel.closeAll();
        const netClosed = new Promise<void>((resolve) => netServer.close(() => resolve()));
        grpcConnections.close();
        httpServer.closeAllConnections();
        for (const s of sockets) s.destroy();
        await netClosed;
      })();
      return closing;
    },
  };
}
