/**
 * The gRPC face of the emulator: google.firestore.v1.Firestore served by grpc-js from the protobufjs
 * descriptor, every message converted to canonical JSON before it reaches the engine.
 */
import * as grpc from '@grpc/grpc-js';
import type { BidiMethod, Caller, FirestoreBackend, JsonObject, ServerStreamMethod, UnaryMethod } from '../contract';
import { Code, RpcError } from '../contract';
import { callerFromAuthorization } from './caller';
import { decodeToJson, encodeJson, firestoreRoot, responseEncoder } from './proto-json';

const UNARY: readonly UnaryMethod[] = [
  'GetDocument',
  'ListDocuments',
  'CreateDocument',
  'UpdateDocument',
  'DeleteDocument',
  'BeginTransaction',
  'Commit',
  'Rollback',
  'ListCollectionIds',
  'BatchWrite',
  'PartitionQuery',
];
const SERVER_STREAM: readonly ServerStreamMethod[] = ['BatchGetDocuments', 'RunQuery', 'RunAggregationQuery'];
const BIDI: readonly BidiMethod[] = ['Listen', 'Write'];

interface GrpcErrorLike {
  code: grpc.status;
  details: string;
  metadata: grpc.Metadata;
}

export function toGrpcError(err: unknown): GrpcErrorLike {
  if (err instanceof RpcError) return { code: err.code as number, details: err.message, metadata: new grpc.Metadata() };
  const message = err instanceof Error ? err.message : String(err);
  return { code: grpc.status.INTERNAL, details: `Internal error: ${message}`, metadata: new grpc.Metadata() };
}

/**
 * grpc-js answers INTERNAL when a deserializer throws; Firestore answers INVALID_ARGUMENT. So the
 * deserializer never throws: it returns this marker, and the handlers answer the right code.
 */
const MALFORMED = '__malformedProtobuf__';

function malformed(request: JsonObject): RpcError | null {
  const m = request[MALFORMED];
  return typeof m === 'string' ? new RpcError(Code.INVALID_ARGUMENT, `Invalid request: ${m}`) : null;
}

function safeDecode(type: Parameters<typeof decodeToJson>[0], buf: Buffer): JsonObject {
  try {
    return decodeToJson(type, buf);
  } catch (err) {
    return { [MALFORMED]: err instanceof Error ? err.message : 'malformed protobuf' };
  }
}

function callerOf(metadata: grpc.Metadata): Caller {
  const value = metadata.get('authorization')[0];
  return callerFromAuthorization(typeof value === 'string' ? value : value?.toString('utf8'));
}

/** Builds the grpc-js Server with the Firestore service bound to `backend`. */
export function createGrpcServer(backend: FirestoreBackend): grpc.Server {
  const root = firestoreRoot();
  const service = root.lookupService('google.firestore.v1.Firestore');
  const definition: Record<string, grpc.MethodDefinition<JsonObject, JsonObject>> = {};
  const handlers: grpc.UntypedServiceImplementation = {};

  for (const method of service.methodsArray) {
    const reqType = root.lookupType(method.requestType);
    const resType = root.lookupType(method.responseType);
    const encodeResponse = responseEncoder(resType);
    definition[method.name] = {
      path: `/google.firestore.v1.Firestore/${method.name}`,
      requestStream: method.requestStream === true,
      responseStream: method.responseStream === true,
      requestSerialize: (value: JsonObject) => encodeJson(reqType, value),
      requestDeserialize: (buf: Buffer) => safeDecode(reqType, buf),
      responseSerialize: encodeResponse,
      responseDeserialize: (buf: Buffer) => decodeToJson(resType, buf),
      originalName: method.name,
    };

    const name = method.name;
    if ((UNARY as readonly string[]).includes(name)) {
      handlers[name] = ((call: grpc.ServerUnaryCall<JsonObject, JsonObject>, callback: grpc.sendUnaryData<JsonObject>) => {
        let promise: Promise<JsonObject>;
        const bad = malformed(call.request);
        try {
          if (bad) throw bad;
          promise = backend.unary(name as UnaryMethod, call.request, callerOf(call.metadata));
        } catch (err) {
          promise = Promise.reject(err instanceof Error ? err : new Error(String(err)));
        }
        promise.then(
          (res) => callback(null, res),
          (err: unknown) => callback(toGrpcError(err)),
        );
      }) as grpc.handleUnaryCall<JsonObject, JsonObject>;
    } else if ((SERVER_STREAM as readonly string[]).includes(name)) {
      handlers[name] = ((call: grpc.ServerWritableStream<JsonObject, JsonObject>) => {
        let promise: Promise<JsonObject[]>;
        const bad = malformed(call.request);
        try {
          if (bad) throw bad;
          promise = backend.serverStream(name as ServerStreamMethod, call.request, callerOf(call.metadata));
        } catch (err) {
          promise = Promise.reject(err instanceof Error ? err : new Error(String(err)));
        }
        promise.then(
          (responses) => {
            for (const r of responses) call.write(r);
            call.end();
          },
          (err: unknown) => {
            call.emit('error', toGrpcError(err));
          },
        );
      }) as grpc.handleServerStreamingCall<JsonObject, JsonObject>;
    } else if ((BIDI as readonly string[]).includes(name)) {
      handlers[name] = ((call: grpc.ServerDuplexStream<JsonObject, JsonObject>) => {
        let done = false;
        const finish = (): void => {
          if (done) return;
          done = true;
          stream?.close();
        };
        let stream: ReturnType<FirestoreBackend['openStream']> | undefined;
        try {
          stream = backend.openStream(name as BidiMethod, callerOf(call.metadata), {
            send(message) {
              if (!done && !call.writableEnded && !call.destroyed) call.write(message);
            },
            fail(error) {
              if (done) return;
              finish();
              call.emit('error', toGrpcError(error));
            },
            end() {
              if (done) return;
              finish();
              if (!call.writableEnded) call.end();
            },
          });
        } catch (err) {
          done = true;
          call.emit('error', toGrpcError(err));
          return;
        }
        call.on('data', (message: JsonObject) => {
          if (done) return;
          try {
            const bad = malformed(message);
            if (bad) throw bad;
            stream?.receive(message);
          } catch (err) {
            finish();
            call.emit('error', toGrpcError(err));
          }
        });
        call.on('end', () => {
          finish();
          if (!call.writableEnded) call.end();
        });
        call.on('cancelled', finish);
        call.on('close', finish);
        call.on('error', finish);
      }) as grpc.handleBidiStreamingCall<JsonObject, JsonObject>;
    } else {
      // ExecutePipeline and anything newer.
      const unimplemented = (): GrpcErrorLike => ({
        code: Code.UNIMPLEMENTED as number,
        details: `${name} is not supported by this emulator`,
        metadata: new grpc.Metadata(),
      });
      if (method.responseStream) {
        handlers[name] = ((call: grpc.ServerWritableStream<JsonObject, JsonObject>) => {
          call.emit('error', unimplemented());
        }) as grpc.handleServerStreamingCall<JsonObject, JsonObject>;
      } else {
        handlers[name] = ((_call: unknown, callback: grpc.sendUnaryData<JsonObject>) => {
          callback(unimplemented());
        }) as grpc.handleUnaryCall<JsonObject, JsonObject>;
      }
    }
  }

  const server = new grpc.Server({
    'grpc.max_receive_message_length': 64 * 1024 * 1024,
    'grpc.max_send_message_length': 64 * 1024 * 1024,
  });
  server.addService(definition, handlers);
  return server;
}
