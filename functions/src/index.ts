/** Registers the callables; each handler lives in its own module (plain inputs, plain outputs). */
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { callable } from './callable';
import { MONEY_CALLABLES } from './scaling';
import { pruneSignalPush as pruneRegistrations } from './push-registry';
import { services } from './services';
import * as content from './content';
import * as session from './session';

export const sessionLogin = callable((_uid, data, _caller, source) => session.sessionLogin(services().session, data, source));
export const sessionRegister = callable((_uid, data, _caller, source) =>
  session.sessionRegister(services().session, data, source),
);
export const sessionRequestOtp = callable((_uid, data, _caller, source) =>
  session.sessionRequestOtp(services().session, data, source),
);
export const sessionVerifyOtp = callable((_uid, data, _caller, source) =>
  session.sessionVerifyOtp(services().session, data, source),
);
export const sessionSendResetOtp = callable((_uid, data, _caller, source) =>
  session.sessionSendResetOtp(services().session, data, source),
);
export const sessionResetPassword = callable((_uid, data, _caller, source) =>
  session.sessionResetPassword(services().session, data, source),
);
// The money callables: every money call goes through providerCall; joinPot moves money too (scaling.ts).
export const providerCall = callable((uid, data, _caller, source) => services().providerCall(uid, data, source), MONEY_CALLABLES);
export const postSignal = callable((_uid, data, caller) =>
  content.postSignal(services().content, caller, data, new Date(), services().signalPush, services().log),
);
export const registerSignalPush = callable((_uid, data, caller) =>
  content.registerSignalPush(services().content, caller, data, services().signalPush, services().pushRegistry),
);
/** Takes the devices of readers who may no longer read signals off the topics (ADR 0025). */
export const pruneSignalPush = onSchedule({ schedule: 'every 10 minutes', timeZone: 'Africa/Lagos' }, async () => {
  const { pushRegistry, content: store, signalPush, log } = services();
  const run = await pruneRegistrations(pushRegistry, store, signalPush, Date.now());
  if (run.dropped > 0) log('signal push registrations dropped', { ...run });
});
export const clearSignals = callable((_uid, data, caller) => content.clearSignals(services().content, caller, data));
export const clearGames = callable((_uid, data, caller) => content.clearGames(services().content, caller, data));
export const joinPot = callable((_uid, data, caller) => content.joinPot(services().providerCall, caller, data), MONEY_CALLABLES);
